package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.insights.InsightsQuery;
import dev.docsassistant.insights.InsightsReport;
import dev.docsassistant.insights.Period;
import dev.docsassistant.testing.AgentDocsServer;
import dev.docsassistant.testing.OpenApiContract;
import dev.docsassistant.web.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OpenAI-compatible routes on the wire (each exchange held to the OpenAPI document): every kind
 * of bad input is a 4xx in OpenAI's error shape naming the {@code param}, with the API's rate-limit
 * headers; an answer is stored as a turn of its own insights channel.
 */
class OpenAiRoutesTest {
    private static final String QUESTION = "[{\"role\":\"user\",\"content\":\"How are deliveries retried?\"}]";
    private static AgentDocsServer server;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("", "");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> post(String body) {
        HttpRequest request = HttpRequest.newBuilder(server.uri("/v1/chat/completions"))
                .header("Authorization", server.authorization()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return OpenApiContract.check(request, body, server.send(HttpRequest.newBuilder(request, (n, v) -> true)));
    }

    /** The error of a refused request: its status, OpenAI's shape, the param it names, the rate-limit headers. */
    private static JsonNode refused(String body, int status, String param) throws Exception {
        HttpResponse<String> res = post(body);
        assertEquals(status, res.statusCode(), res.body());
        assertTrue(res.headers().firstValue("RateLimit-Limit").isPresent(), "RateLimit-Limit on " + res.body());
        JsonNode error = Json.MAPPER.readTree(res.body()).get("error");
        assertEquals(param == null ? "null" : param, error.get("param").isNull() ? "null" : error.get("param").asText(), res.body());
        assertTrue(error.get("message").isTextual() && error.has("type") && error.has("code"), res.body());
        return error;
    }

    @Test
    void badInputNamesTheParam() throws Exception {
        refused("{\"messages\":" + QUESTION + "}", 400, "model");
        refused("{\"model\":7,\"messages\":" + QUESTION + "}", 400, "model");
        refused("{\"model\":\"docs\"}", 400, "messages");
        refused("{\"model\":\"docs\",\"messages\":\"hi\"}", 400, "messages");
        refused("{\"model\":\"docs\",\"messages\":[{\"role\":\"assistant\",\"content\":\"Hello\"}]}", 400, "messages");
        refused("{\"model\":\"docs\",\"messages\":[{\"role\":\"user\",\"content\":42}]}", 400, "messages[0].content");
        refused("{\"model\":\"docs\",\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"image_url\",\"image_url\":{\"url\":\"x\"}}]}]}",
                400, "messages[0].content[0].type");
        refused("{\"model\":\"docs\",\"messages\":[{\"role\":\"wizard\",\"content\":\"hi\"}]}", 400, "messages[0].role");
        refused("{\"model\":\"docs\",\"stream\":\"yes\",\"messages\":" + QUESTION + "}", 400, "stream");
        refused("{\"model\":\"docs\",\"n\":\"2\",\"messages\":" + QUESTION + "}", 400, "n");
        refused("{\"model\":\"docs\",\"functions\":[{\"name\":\"f\"}],\"messages\":" + QUESTION + "}", 400, "functions");
        refused("{\"model\":\"docs\",\"function_call\":\"auto\",\"messages\":" + QUESTION + "}", 400, "function_call");
        refused("{\"model\":\"docs\",\"messages\":[{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[]},"
                + "{\"role\":\"user\",\"content\":\"hi\"}]}", 400, "messages[0].tool_calls");
        refused("{\"model\":\"docs\",\"messages\":" + QUESTION, 400, null); // not JSON
        JsonNode large = refused("{\"model\":\"docs\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat(1024 * 1024) + "\"}]}",
                413, null);
        assertEquals("request_too_large", large.get("code").asText());
        assertEquals("invalid_request_error", large.get("type").asText());
        JsonNode unknown = refused("{\"model\":\"elsewhere\",\"messages\":" + QUESTION + "}", 403, "model");
        assertEquals("permission_error", unknown.get("type").asText());
    }

    @Test
    void anotherMethodIs405InOpenAisShape() throws Exception {
        HttpResponse<String> res = server.get("/v1/chat/completions", "Authorization", server.authorization());
        assertEquals(405, res.statusCode());
        assertEquals("POST, OPTIONS", res.headers().firstValue("Allow").orElseThrow());
        assertTrue(Json.MAPPER.readTree(res.body()).get("error").get("message").asText().contains("use POST"), res.body());
        HttpResponse<String> models = server.send(HttpRequest.newBuilder(server.uri("/v1/models"))
                .header("Authorization", server.authorization()).POST(HttpRequest.BodyPublishers.noBody()));
        assertEquals(405, models.statusCode());
        assertEquals("GET, OPTIONS", models.headers().firstValue("Allow").orElseThrow());
    }

    @Test
    void aPageKeyListsItsOwnSiteOnly() throws Exception {
        String pageKey = "Bearer " + server.app().pageKeys().secret("docs").orElseThrow();
        HttpResponse<String> models = server.get("/v1/models", "Authorization", pageKey);
        assertEquals(200, models.statusCode(), models.body());
        JsonNode data = Json.MAPPER.readTree(models.body()).get("data");
        assertEquals(1, data.size(), "not the organisation's other site (quiet): " + models.body());
        assertEquals("docs", data.get(0).get("id").asText());
        JsonNode all = Json.MAPPER.readTree(server.get("/v1/models", "Authorization", server.authorization()).body()).get("data");
        assertEquals(2, all.size(), "a private key lists every site of its organisation");
    }

    @Test
    void overTheLimitIs429InOpenAisShapeWithRetryAfter() throws Exception {
        try (AgentDocsServer limited = AgentDocsServer.start("limits: {organization-per-hour: 2}", "")) {
            HttpResponse<String> last = null;
            for (int i = 0; i < 3; i++) {
                last = limited.get("/v1/models", "Authorization", limited.authorization());
            }
            assertEquals(429, last.statusCode(), last.body());
            assertTrue(last.headers().firstValue("Retry-After").isPresent());
            assertEquals("0", last.headers().firstValue("RateLimit-Remaining").orElseThrow());
            JsonNode error = Json.MAPPER.readTree(last.body()).get("error");
            assertEquals("rate_limit_error", error.get("type").asText());
            assertEquals("rate_limit_exceeded", error.get("code").asText());
        }
    }

    @Test
    void anAnswerIsStoredAsATurnOfItsChannel() throws Exception {
        assertEquals(200, post("{\"model\":\"docs\",\"user\":\"svc-42\",\"messages\":" + QUESTION + "}").statusCode());
        InsightsQuery insights = new InsightsQuery(server.app().database());
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) { // the insights are written in the background
            InsightsReport report = insights.report("docs", Period.lastDays(2, LocalDate.now(ZoneOffset.UTC)));
            if (report.channels().stream().anyMatch(c -> c.channel().equals("OpenAI-compatible") && c.answered() >= 1)) {
                return;
            }
            assertTrue(System.nanoTime() < deadline, "no OpenAI-compatible turn in " + report.channels());
            Thread.sleep(100);
        }
    }
}
