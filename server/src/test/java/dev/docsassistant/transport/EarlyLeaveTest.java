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

/**
 * A reader who leaves while the model has not yet said a word is noticed, on v1 and v2, although
 * nothing has been written to it yet (so no write could fail): the model, which writes nothing
 * until then, learns of it while it still thinks.
 */
@ServerTest
class EarlyLeaveTest {
    private static final String BODY = """
            {"fp": "anonymous", "messages": [{"id": "m1", "role": "user",
             "parts": [{"type": "text", "text": "How are failed deliveries retried?"}]}]}""";
    /** Generous bounds, only ever waited for in full when the behaviour is broken. */
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Each answer that reached its model, and each that saw its reader gone (its thread id). */
    private static final BlockingQueue<String> STARTED = new LinkedBlockingQueue<>();
    private static final BlockingQueue<String> NOTICED = new LinkedBlockingQueue<>();
    private final int port;

    EarlyLeaveTest(WebServer server) {
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        App app = TestApps.exampleSite();
        // A model thinking long before its first word, asking as it waits whether anyone still listens.
        AnswerGenerator thinking = (input, out) -> {
            STARTED.add(Thread.currentThread().getName());
            long until = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < until) {
                if (out.abandoned()) {
                    NOTICED.add(Thread.currentThread().getName());
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
        server.routing(r -> r.addFeature(guard).register(new AssistantRoutes(assistant, app.assistantRules(), StreamSettings.from(section.get("stream")))));
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/assistant/acme/message", "/v2/assistant/acme/message"})
    void aReaderLeavingBeforeTheFirstTokenIsNoticed(String path) throws Exception {
        STARTED.clear();
        NOTICED.clear();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
            socket.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(body);
            // The answer has started and waits for its model: the reader leaves now.
            assertNotNull(STARTED.poll(WAIT.toSeconds(), TimeUnit.SECONDS), "the answer never reached its model");
        }
        assertNotNull(NOTICED.poll(WAIT.toSeconds(), TimeUnit.SECONDS),
                "the model thought on for " + WAIT.toSeconds() + " s: it never learnt that its reader left");
    }
}
