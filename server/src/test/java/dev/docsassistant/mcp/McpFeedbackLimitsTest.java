package dev.docsassistant.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.testing.AgentDocsServer;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keyless MCP {@code feedback} from one address: the same feedback sent again is stored once, and past
 * its per-client cap a call is refused (429) before it is counted on the site's public budget, so
 * one address can neither fill the dashboard nor spend the budget the site's readers share.
 */
class McpFeedbackLimitsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static HttpResponse<String> post(AgentDocsServer server, String method, String params) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}";
        return server.send(HttpRequest.newBuilder(server.uri("/sites/docs/mcp")).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static HttpResponse<String> feedback(AgentDocsServer server, String comment) {
        return post(server, "tools/call", "{\"name\":\"feedback\",\"arguments\":{\"path\":\"/retries\",\"helpful\":false,"
                + "\"comment\":\"" + comment + "\"}}");
    }

    private static long remaining(HttpResponse<String> res) {
        return Long.parseLong(res.headers().firstValue("RateLimit-Remaining").orElseThrow());
    }

    private static long stored(AgentDocsServer server) {
        return server.app().database().transaction(c -> {
            try (var ps = c.prepareStatement("SELECT COUNT(*) FROM page_feedback"); var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    @Test
    void repeatsAreFoldedAndACapKeepsOneAddressFromTheSitesBudget() throws Exception {
        try (AgentDocsServer server = AgentDocsServer.start("", "")) {
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> same = feedback(server, "the schedule is wrong");
                assertEquals(200, same.statusCode(), same.body());
                JsonNode result = JSON.readTree(same.body()).get("result");
                assertFalse(result.path("isError").asBoolean(), result.toString());
            }
            assertEquals(1, stored(server), "the same feedback again is folded into the first");

            int admitted = 3;
            HttpResponse<String> last = null;
            while (admitted < FeedbackGate.PER_CLIENT.requests()) {
                last = feedback(server, "comment " + admitted++);
                assertEquals(200, last.statusCode(), last.body());
            }
            assertEquals(1 + FeedbackGate.PER_CLIENT.requests() - 3, stored(server));
            long budgetLeft = remaining(last);
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> refused = feedback(server, "over the cap " + i);
                assertEquals(429, refused.statusCode(), refused.body());
                assertTrue(refused.headers().firstValue("Retry-After").isPresent());
                assertTrue(JSON.readTree(refused.body()).at("/error/message").asText().contains("too much feedback"), refused.body());
            }
            assertEquals(1 + FeedbackGate.PER_CLIENT.requests() - 3, stored(server), "nothing stored over the cap");
            HttpResponse<String> list = post(server, "tools/list", "{}");
            assertEquals(200, list.statusCode(), list.body());
            assertEquals(budgetLeft - 1, remaining(list), "the refused calls spent nothing of the site's public budget");
        }
    }
}
