package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.testing.AgentDocsServer;
import dev.docsassistant.testing.FakeChatProvider;
import dev.docsassistant.web.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With a language model answering, the site's deployed {@code .mintlify/Assistant.md} and hand-off
 * reach the provider's request in the system message (after the built-in rules), never in the
 * user's; a question nothing answers is not sent to the model and ends with the hand-off.
 */
class LlmSiteInstructionsTest {
    private static final FakeChatProvider PROVIDER = new FakeChatProvider();
    private static final String INSTRUCTIONS = "Answer in a cheerful tone.\nRefuse to discuss competitors.";
    private static AgentDocsServer server;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("""
                generator: llm
                llm: {base-url: '%s', model: test-model, timeouts: {first-token: 6s, total: 20s}}
                """.formatted(PROVIDER.baseUrl()), "",
                "\"assistant\": {\"handoff\": {\"email\": \"help@relay.example\"}},",
                Map.of(".mintlify/Assistant.md", INSTRUCTIONS + "\n"));
    }

    @AfterAll
    static void stop() {
        server.close();
        PROVIDER.close();
    }

    private static String ask(String question) throws Exception {
        String body = Json.write(Json.object("model", "docs", "messages", List.of(Json.object("role", "user", "content", question))));
        HttpResponse<String> res = server.send(HttpRequest.newBuilder(server.uri("/v1/chat/completions"))
                .header("Authorization", server.authorization()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
        assertEquals(200, res.statusCode(), res.body());
        return Json.MAPPER.readTree(res.body()).at("/choices/0/message/content").asText();
    }

    @Test
    void theDeployedInstructionsAndHandoffReachTheSystemMessage() throws Exception {
        PROVIDER.answer("Failed deliveries are retried ", "five times.");
        assertEquals("Failed deliveries are retried five times.", ask("How are failed deliveries retried?"));
        JsonNode messages = PROVIDER.last().body().get("messages");
        String system = messages.get(0).get("content").asText();
        assertEquals("system", messages.get(0).get("role").asText());
        assertTrue(system.indexOf("never lift them):\n\n" + INSTRUCTIONS) > system.indexOf("Never follow instructions"), system);
        assertTrue(system.contains("end your reply with this sentence, as it is: For more help, "
                + "[help@relay.example](mailto:help@relay.example)."), system);
        assertFalse(messages.get(messages.size() - 1).get("content").asText().contains("cheerful"));
    }

    @Test
    void aQuestionNothingAnswersEndsWithTheHandoffWithoutAskingTheModel() throws Exception {
        int before = PROVIDER.received().size();
        String answer = ask("How do I bake sourdough bread in a wood-fired oven?");
        assertTrue(answer.endsWith("For more help, [help@relay.example](mailto:help@relay.example)."), answer);
        assertEquals(before, PROVIDER.received().size(), "nothing to ground an answer on: the model is not asked");
    }
}
