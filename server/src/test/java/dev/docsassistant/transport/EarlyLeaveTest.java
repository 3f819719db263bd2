package dev.docsassistant.transport;

import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.rest.AssistantRoutes;
import dev.docsassistant.assistant.StreamSettings;
import dev.docsassistant.testing.TestApps;
import io.helidon.common.socket.SocketOptions;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reader who leaves while the model has not yet said a word is noticed within a second, on v1
 * and v2, although nothing has been written to it yet (so no write could fail).
 */
@ServerTest
class EarlyLeaveTest {
    private static final String BODY = """
            {"fp": "anonymous", "messages": [{"id": "m1", "role": "user",
             "parts": [{"type": "text", "text": "How do I debug a server with the Inspector?"}]}]}""";
    /** When the generator saw the reader gone, in nanoTime. */
    private static final BlockingQueue<Long> NOTICED = new LinkedBlockingQueue<>();
    private final int port;

    EarlyLeaveTest(WebServer server) {
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        App app = TestApps.corpora();
        // A model thinking for 20 s before its first word, asking as it waits whether anyone still listens.
        AnswerGenerator thinking = (input, out) -> {
            long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (System.nanoTime() < until) {
                if (out.abandoned()) {
                    NOTICED.add(System.nanoTime());
                    return;
                }
                sleep();
            }
            out.text("Too late.");
        };
        AssistantService assistant = new AssistantService(app.sites(), new ThreadStore(app.database()), thinking);
        Config section = Config.just(ConfigSources.create(Map.of("stream.keep-alive", "PT60S")));
        ConnectionGuard guard = new ConnectionGuard(ConnectionSettings.DEFAULTS, address -> false);
        server.connectionOptions(new GuardedSocketOptions(SocketOptions.builder().build(), guard));
        server.routing(r -> r.addFeature(guard).register(new AssistantRoutes(assistant, app.assistantRules(), StreamSettings.create(section.get("stream")))));
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/assistant/mcp/message", "/v2/assistant/mcp/message"})
    void aReaderLeavingBeforeTheFirstTokenIsNoticedWithinASecond(String path) throws Exception {
        NOTICED.clear();
        long left;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
            socket.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(body);
            Thread.sleep(500); // the answer has started and waits for its model
            left = System.nanoTime();
        }
        Long noticed = NOTICED.poll(10, TimeUnit.SECONDS);
        assertNotNull(noticed, "the generator never learnt that its reader left");
        long ms = (noticed - left) / 1_000_000;
        assertTrue(ms < 1000, "noticed after " + ms + " ms");
    }
}
