package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.HttpClientResponse;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.TestApps;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On the example site, over HTTP: results come in the order of the score they show, and a section
 * whose heading is the query comes first, through the search API and the MCP search tool alike.
 */
@ServerTest
class SearchOrderTest {
    private static final List<String> QUERIES = List.of("how long between retry attempts after a failed delivery",
            "How are failed deliveries retried?", "How do I verify a webhook signature?", "retry schedule",
            "rate limits", "replay a failed delivery", "endpoint disabled after failures");
    private final WebClient client;
    private final ApiClient api;

    SearchOrderTest(WebClient client) {
        this.client = client;
        this.api = new ApiClient(client);
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite());
    }

    private JsonNode search(String query, int pageSize) {
        Reply r = api.postJson("/v1/search/acme", "{\"query\": \"" + query + "\", \"pageSize\": " + pageSize + "}",
                "Authorization", TestApps.authorization(TestApps.exampleSite(), "acme"));
        assertEquals(200, r.status(), r.body());
        return r.json();
    }

    /** The MCP search tool's results (MCP is no part of the REST API's OpenAPI document: a plain request). */
    private JsonNode mcpSearch(String query) throws Exception {
        try (HttpClientResponse res = client.post("/sites/acme/mcp")
                .header(HeaderNames.CONTENT_TYPE, "application/json")
                .header(HeaderNames.ACCEPT, "application/json, text/event-stream")
                .submit("""
                        {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"query":"%s","pageSize":5}}}"""
                        .formatted(query))) {
            String body = res.as(String.class);
            assertEquals(200, res.status().code(), body);
            return new ObjectMapper().readTree(body).at("/result/structuredContent/results");
        }
    }

    private static List<Double> scores(JsonNode results) {
        List<Double> scores = new ArrayList<>();
        results.forEach(r -> scores.add(r.at("/metadata/score").asDouble()));
        return scores;
    }

    @Test
    void resultsComeInTheOrderOfTheScoreTheyShow() {
        for (String query : QUERIES) {
            List<Double> scores = scores(search(query, 10));
            assertFalse(scores.isEmpty(), query);
            for (int i = 1; i < scores.size(); i++) {
                assertTrue(scores.get(i) <= scores.get(i - 1), query + ": " + scores);
            }
            assertTrue(scores.stream().allMatch(s -> s > 0 && s <= 1), query + ": " + scores);
        }
    }

    @Test
    void aScoreReadBackAsTheThresholdKeepsItsResult() {
        JsonNode all = search("how long between retry attempts after a failed delivery", 10);
        double third = all.get(2).at("/metadata/score").asDouble();
        Reply r = api.postJson("/v1/search/acme", "{\"query\": \"how long between retry attempts after a failed delivery\", "
                        + "\"pageSize\": 10, \"scoreThreshold\": " + third + "}",
                "Authorization", TestApps.authorization(TestApps.exampleSite(), "acme"));
        assertEquals(all.get(2).get("path"), r.json().get(r.json().size() - 1).get("path"), r.body());
    }

    @Test
    void aSectionWhoseHeadingIsTheQueryComesFirst() throws Exception {
        assertEquals("/guides/retries#retry-schedule", search("retry schedule", 5).get(0).get("path").asText());
        assertEquals("/guides/retries#retry-schedule", mcpSearch("retry schedule").get(0).get("path").asText());
        assertEquals("/guides/rate-limits", search("rate limits", 5).get(0).get("path").asText());
        assertEquals("/guides/retries#status-codes-that-stop-retries",
                search("status codes that stop retries", 5).get(0).get("path").asText());
    }
}
