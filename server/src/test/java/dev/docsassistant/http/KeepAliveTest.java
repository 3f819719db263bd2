package dev.docsassistant.http;

import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.testing.TestApps;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * While an answer is slow to come (as from a model), v2 sends {@code : keep-alive} comments so proxies
 * keep the stream open, and stops once the answer is done; v1 never does (an unknown line is fatal there).
 */
@ServerTest
class KeepAliveTest {
    private static final String BODY = """
            {"fp": "anonymous", "messages": [{"id": "m1", "role": "user",
             "parts": [{"type": "text", "text": "How do I debug a server with the Inspector?"}]}]}""";
    private final WebClient client;

    KeepAliveTest(WebClient client) {
        this.client = client;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        App app = TestApps.corpora();
        // A generator that thinks for 400 ms before and after its first words, like a slow model.
        AnswerGenerator slow = (input, out) -> {
            pause();
            out.text("Thinking done. ");
            pause();
            out.text("Answer.");
        };
        AssistantService assistant = new AssistantService(app.sites(), new ThreadStore(app.database()), slow);
        Config section = Config.just(ConfigSources.create(Map.of("stream.keep-alive", "PT0.1S")));
        server.routing(r -> r.register(new AssistantRoutes(assistant, app.assistantRules(), section)));
    }

    private static void pause() {
        try {
            Thread.sleep(400);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String post(String path) {
        try (HttpClientResponse res = client.post(path).header(HeaderNames.CONTENT_TYPE, "application/json").submit(BODY)) {
            assertEquals(200, res.status().code());
            return res.as(String.class);
        }
    }

    @Test
    void v2SendsKeepAliveCommentsWhileTheAnswerIsSlow() {
        String body = post("/v2/assistant/mcp/message");
        long comments = body.lines().filter(l -> l.equals(": keep-alive")).count();
        // 800 ms of silence at one comment per 100 ms; generous bounds for a busy machine.
        assertTrue(comments >= 3 && comments <= 10, "keep-alive comments: " + comments + "\n" + body);
        int done = body.indexOf("data: [DONE]");
        assertTrue(done > 0 && body.substring(done).lines().noneMatch(l -> l.startsWith(":")), "nothing after [DONE]");
        assertTrue(body.contains("\"delta\":\"Thinking done. \""), body);
    }

    @Test
    void v1NeverSendsComments() {
        String body = post("/v1/assistant/mcp/message");
        assertTrue(body.lines().allMatch(l -> l.matches("^[0-9a-z]:.*")), body);
        assertTrue(body.contains("0:\"Answer.\""), body);
    }
}
