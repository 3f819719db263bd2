package dev.docsassistant.rest;

import dev.docsassistant.server.ServerSetup;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.Corpora;
import dev.docsassistant.testing.TestApps;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ServerTest
@Tag(Corpora.TAG)
class SearchRoutesTest {
    private final ApiClient api;

    SearchRoutesTest(WebClient client) {
        this.api = new ApiClient(client);
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.corpora());
    }

    private Reply post(String path, String body) {
        return api.postJson(path, body, "Authorization", TestApps.authorization(TestApps.corpora(),
                path.endsWith("/mintlify") ? "other" : "acme"));
    }

    @Test
    void searchReturnsABareArrayOfResults() {
        Reply r = post("/v1/search/mcp", "{\"query\": \"How do clients discover available tools with tools/list?\", \"pageSize\": 3}");
        assertEquals(200, r.status());
        assertTrue(r.json().isArray());
        assertEquals(3, r.json().size());
        JsonNode top = r.json().get(0);
        assertEquals("/specification/2026-07-28/server/tools#listing-tools", top.get("path").asText());
        assertTrue(top.get("content").asText().contains("tools/list"));
        assertEquals("Tools", top.at("/metadata/title").asText());
        assertEquals("Listing Tools", top.at("/metadata/section").asText());
        assertEquals("Version 2026-07-28 (latest)", top.at("/metadata/version").asText());
        assertTrue(top.at("/metadata/score").isNumber());
    }

    @Test
    void searchHonoursTheLanguageFilter() {
        Reply r = post("/v1/search/mintlify", "{\"query\": \"onglets\", \"filter\": {\"language\": \"fr\"}}");
        assertEquals(200, r.status());
        assertFalse(r.json().isEmpty(), "French pages about tabs exist");
        r.json().forEach(hit -> assertEquals("fr", hit.at("/metadata/language").asText(), hit.toString()));
    }

    @Test
    void searchHonoursTheTagFilter() {
        // Tagged "New" in the corpus: the GitHub component page, among others; the filter ignores case.
        Set<String> tagged = TestApps.corpora().sites().get("mintlify").orElseThrow().content().pages().stream()
                .filter(p -> "new".equalsIgnoreCase(p.tag())).map(p -> "/" + p.path()).collect(Collectors.toSet());
        String query = "{\"query\": \"github repository stars\", \"filter\": {\"tag\": \"%s\"}}";
        Reply r = post("/v1/search/mintlify", query.formatted("new"));
        assertEquals(200, r.status());
        assertEquals("/components/github", r.json().get(0).get("path").asText().replaceFirst("#.*", ""));
        r.json().forEach(hit -> assertTrue(tagged.contains(hit.get("path").asText().replaceFirst("#.*", "")), hit.toString()));
        Reply unfiltered = post("/v1/search/mintlify", "{\"query\": \"github repository stars\", \"pageSize\": 20}");
        assertTrue(StreamSupport.stream(unfiltered.json().spliterator(), false)
                .anyMatch(hit -> !tagged.contains(hit.get("path").asText().replaceFirst("#.*", ""))), "without it, untagged pages come too");
        Reply none = post("/v1/search/mcp", query.formatted("no-such-tag"));
        assertEquals(0, none.json().size());
    }

    @Test
    void scoreThresholdDropsWeakerResults() {
        String query = "{\"query\": \"sampling model preferences\", \"pageSize\": 10, \"scoreThreshold\": %s}";
        Reply all = post("/v1/search/mcp", query.formatted("0"));
        assertEquals(200, all.status());
        // Hybrid ranking fuses two orders, so scores need not fall with rank: cut at the best score.
        double cut = java.util.stream.StreamSupport.stream(all.json().spliterator(), false)
                .mapToDouble(hit -> hit.at("/metadata/score").asDouble()).max().orElseThrow();
        Reply strong = post("/v1/search/mcp", query.formatted(cut));
        assertEquals(200, strong.status());
        assertTrue(strong.json().size() >= 1 && strong.json().size() < all.json().size(), strong.json().size() + " of " + all.json().size());
        strong.json().forEach(hit -> assertTrue(hit.at("/metadata/score").asDouble() >= cut, hit.toString()));
    }

    @Test
    void withoutAnAdminTokenThereIsNoAdminApi() {
        assertEquals(404, api.send(io.helidon.http.Method.GET, "/admin/v1/keys", null, "Authorization", "Bearer x",
                "Host", "dashboard.localhost").status());
    }

    @Test
    void pageReturnsMarkdownOr404() {
        Reply page = post("/v1/page/mcp", "{\"path\": \"/registry/versioning#anything\"}");
        assertEquals(200, page.status());
        assertEquals("/registry/versioning", page.json().get("path").asText());
        assertTrue(page.json().get("content").asText().startsWith("# "));
        Reply missing = post("/v1/page/mcp", "{\"path\": \"/no/such/page\"}");
        assertEquals(404, missing.status());
        assertEquals("page not found: /no/such/page", missing.json().get("message").asText());
    }

    @Test
    void badInputIsA4xxNamingTheField() {
        List<String[]> cases = List.of(
                new String[]{"/v1/search/nope", "{\"query\": \"x\"}", "403", "this key is not valid for site 'nope'"},
                new String[]{"/v1/search/mcp", "{}", "400", "query is required"},
                new String[]{"/v1/search/mcp", "{\"query\": \"  \"}", "400", "query must not be empty"},
                new String[]{"/v1/search/mcp", "{\"query\": 5}", "400", "query must be a string"},
                new String[]{"/v1/search/mcp", "{\"query\": \"x\", \"pageSize\": 51}", "400", "pageSize must be an integer from 1 to 50"},
                new String[]{"/v1/search/mcp", "{\"query\": \"x\", \"pageSize\": 2.5}", "400", "pageSize must be an integer from 1 to 50"},
                new String[]{"/v1/search/mcp", "{\"query\": \"x\", \"scoreThreshold\": 1.5}", "400", "scoreThreshold must be a number from 0 to 1"},
                new String[]{"/v1/search/mcp", "{\"query\": \"x\", \"filter\": []}", "400", "filter must be an object"},
                new String[]{"/v1/search/mcp", "{\"query\": \"x\", \"filter\": {\"version\": 1}}", "400", "filter.version must be a string"},
                new String[]{"/v1/search/mcp", "{\"query\": \"x\", \"filter\": {\"groups\": [1]}}", "400", "filter.groups[0] must be a string"},
                new String[]{"/v1/search/mcp", "[1]", "400", "request body must be a JSON object"},
                new String[]{"/v1/search/mcp", "", "400", "request body is empty; expected a JSON object"},
                new String[]{"/v1/page/mcp", "{\"path\": null}", "400", "path is required"},
                new String[]{"/v1/page/mcp", "{\"path\": \"/x\", \"groups\": \"a\"}", "400", "groups must be an array"});
        for (String[] c : cases) {
            Reply r = post(c[0], c[1]);
            assertEquals(Integer.parseInt(c[2]), r.status(), c[1]);
            assertEquals(c[3], r.json().get("message").asText(), c[1]);
        }
    }

    @Test
    void malformedJsonAndHostileQueriesNeverCauseA5xx() {
        List<String> bodies = List.of("{bad", "{\"query\": \"" + "a".repeat(3000) + "\"}", "{\"query\": \"\\u0000 *:* AND OR ( [\"}",
                "{\"query\": \"x\", \"pageSize\": 1e309}", "{\"query\": \"x\", \"filter\": {\"groups\": null}}",
                "{\"query\": \"" + "deep ".repeat(400) + "\"}", "null", "\"text\"", "{\"query\": {\"a\": [[[[[]]]]]}}");
        for (String body : bodies) {
            int status = post("/v1/search/mcp", body).status();
            assertTrue(status == 200 || status == 400, body + " -> " + status);
        }
    }
}
