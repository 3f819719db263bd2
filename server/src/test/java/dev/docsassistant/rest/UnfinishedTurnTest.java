package dev.docsassistant.rest;

import dev.docsassistant.assistant.StreamSettings;
import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AnswerAbandoned;
import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.TestApps;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On v2, a reader who leaves mid-answer leaves no half turn in the thread: the answer stops and
 * nothing is stored. The generator writes its first words, then waits until the server knows the
 * reader has gone (as a model still streaming would be cut off) and tries to go on.
 */
@ServerTest
class UnfinishedTurnTest {
    private static final CompletableFuture<Throwable> ENDED = new CompletableFuture<>();
    private final WebServer server;

    UnfinishedTurnTest(WebServer server) {
        this.server = server;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        App app = TestApps.exampleSite();
        AnswerGenerator leftBehind = (input, out) -> {
            try {
                out.text("The first words. ");
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // only so a failing test ends
                while (!out.abandoned() && System.nanoTime() < until) {
                    Thread.sleep(10);
                }
                out.text("The rest.");
                ENDED.complete(null);
            } catch (RuntimeException | InterruptedException e) {
                ENDED.complete(e);
                if (e instanceof RuntimeException r) {
                    throw r;
                }
            }
        };
        AssistantService assistant = new AssistantService(app.sites(), new ThreadStore(app.database()), leftBehind);
        Config section = Config.just(ConfigSources.create(Map.of("stream.keep-alive", "PT0.05S")));
        server.routing(r -> r.register(new AssistantRoutes(assistant, app.assistantRules(), StreamSettings.from(section.get("stream")))));
    }

    @Test
    void aReaderLeavingMidAnswerLeavesNoTurnInTheThread() throws Exception {
        String body = """
                {"fp": "anonymous", "messages": [{"id": "m1", "role": "user",
                 "parts": [{"type": "text", "text": "How are failed deliveries retried?"}]}]}""";
        String seen;
        try (Socket socket = RawHttp.post(server.port(), "/v2/assistant/acme/message", null, body)) {
            seen = RawHttp.readUntil(socket, "The first words.");
        }
        Matcher thread = Pattern.compile("(?i)x-thread-id: (thr_\\S+)").matcher(seen);
        assertTrue(thread.find(), seen);
        assertInstanceOf(AnswerAbandoned.class, ENDED.get(30, TimeUnit.SECONDS), "the answer stopped when the reader left");
        assertEquals(0, new ThreadStore(TestApps.exampleSite().database()).messages(thread.group(1)).size(), "no half turn stored");
    }
}
