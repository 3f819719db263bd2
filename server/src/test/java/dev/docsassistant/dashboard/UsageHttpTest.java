package dev.docsassistant.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.testing.OpenApiContract;
import dev.docsassistant.web.Json;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Search analytics, page answer share and agents beside humans over real HTTP: searches return their
 * searchId, clicks are reported and checked, page reads are counted by audience (browsers, AI
 * crawlers, .md and llms.txt), and the dashboard's Search, Pages and Agents views and their CSV
 * exports show them to the site's organisation only.
 */
@ServerTest
class UsageHttpTest {
    private static App app;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final int port;

    UsageHttpTest(WebServer server) {
        this.port = server.port();
        this.base = "http://localhost:" + port;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        app = DashboardApps.serve(server, "");
    }

    @AfterAll
    static void close() {
        app.close();
    }

    @Test
    void searchesClicksReadsAndFeedbackReachTheDashboardOfTheirOrganisationOnly() throws Exception {
        String acmeKey = "Bearer " + app.keys().create("acme", Optional.empty(), List.of(), "test").secret();
        String otherKey = "Bearer " + app.keys().create("other", Optional.empty(), List.of(), "test").secret();

        HttpResponse<String> search = api("/v1/search/acme-docs", acmeKey, "{\"query\": \"Failed deliveries retried\"}");
        assertEquals(200, search.statusCode(), search.body());
        String searchId = search.headers().firstValue("x-search-id").orElseThrow();
        assertTrue(searchId.matches("srch_[0-9a-f]{24}"), searchId);
        JsonNode hits = Json.MAPPER.readTree(search.body());
        assertEquals(searchId, hits.get(0).path("searchId").asText(), "each result carries the search's id");
        String path = hits.get(0).path("path").asText();
        assertTrue(path.startsWith("/retries"), path);
        HttpResponse<String> none = api("/v1/search/acme-docs", acmeKey, "{\"query\": \"kubernetes operator\", \"channel\": \"site\"}");
        assertEquals("[]", none.body());
        assertTrue(none.headers().firstValue("x-search-id").isPresent(), "an empty answer has its id too");
        assertEquals(400, api("/v1/search/acme-docs", acmeKey, "{\"query\": \"x\", \"channel\": \"fax\"}").statusCode());

        assertEquals(204, click(acmeKey, "{\"searchId\": \"" + searchId + "\", \"path\": \"" + path + "\"}").statusCode());
        assertEquals(204, click(acmeKey, "{\"searchId\": \"" + searchId + "\", \"path\": \"/retries\"}").statusCode(),
                "the result's page without its anchor");
        HttpResponse<String> notListed = click(acmeKey, "{\"searchId\": \"" + searchId + "\", \"path\": \"/billing\"}");
        assertEquals(422, notListed.statusCode());
        assertTrue(notListed.body().contains("was not among the results"), notListed.body());
        assertEquals(404, click(acmeKey, "{\"searchId\": \"srch_0123456789abcdef01234567\", \"path\": \"/retries\"}").statusCode());
        HttpResponse<String> badId = click(acmeKey, "{\"searchId\": \"42\", \"path\": \"/retries\"}");
        assertEquals(400, badId.statusCode());
        assertTrue(badId.body().contains("searchId must be"), badId.body());
        HttpResponse<String> noPath = click(acmeKey, "{\"searchId\": \"" + searchId + "\"}");
        assertEquals(400, noPath.statusCode());
        assertTrue(noPath.body().contains("path is required"), noPath.body());
        assertEquals(403, click(otherKey, "{\"searchId\": \"" + searchId + "\", \"path\": \"/retries\"}").statusCode(),
                "another organisation's key");
        assertEquals(404, api("/v1/search/other-docs/click", otherKey, "{\"searchId\": \"" + searchId + "\", \"path\": \"/retries\"}")
                .statusCode(), "a search of acme-docs is no search of other-docs");
        assertEquals(405, http.send(HttpRequest.newBuilder(URI.create(base + "/v1/search/acme-docs/click")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());

        assertEquals(200, site("/sites/acme-docs/retries", "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36").statusCode());
        assertEquals(200, site("/sites/acme-docs/retries", "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)").statusCode());
        HttpResponse<String> markdown = site("/sites/acme-docs/retries.md", "curl/8.5.0");
        assertTrue(markdown.body().strip().endsWith("`POST /v1/feedback/acme-docs` with `{\"path\": \"/retries\", \"helpful\": true}`."),
                "the page's Markdown ends saying how an agent sends feedback: " + markdown.body());
        assertTrue(markdown.body().contains("MCP tool `feedback`"), markdown.body());
        assertEquals(200, site("/sites/acme-docs/llms.txt", "ClaudeBot/1.0").statusCode());
        assertEquals(404, site("/sites/acme-docs/nosuch", "Mozilla/5.0 Chrome/131.0").statusCode());
        assertEquals(204, api("/v1/feedback/acme-docs", acmeKey, "{\"path\": \"/retries\", \"helpful\": false}").statusCode());
        app.usage().traffic().flush();

        String acme = signIn("acme", "ana@acme.example");
        HttpResponse<String> searchPage = get("/dashboard/acme/acme-docs/search?min=1", acme);
        assertEquals(200, searchPage.statusCode(), searchPage.body());
        assertTrue(searchPage.body().contains("failed deliveries retried") && searchPage.body().contains("kubernetes operator"),
                "top queries and queries without results");
        assertTrue(searchPage.body().contains("href=\"/dashboard/acme/acme-docs/search\""), "a tab of the site's pages");
        assertEquals(400, get("/dashboard/acme/acme-docs/search?min=none", acme).statusCode());
        String searchCsv = get("/dashboard/acme/acme-docs/search.csv", acme).body();
        assertTrue(searchCsv.startsWith(String.join(",", SearchAnalyticsPage.CSV_HEADER) + "\r\n"), searchCsv);
        assertTrue(searchCsv.contains("failed deliveries retried,1,1,0,1,1.000,"), searchCsv);
        assertTrue(searchCsv.contains("kubernetes operator,1,0,1,0,0.000,0.0"), searchCsv);

        HttpResponse<String> pages = get("/dashboard/acme/acme-docs/pages", acme);
        assertEquals(200, pages.statusCode());
        assertTrue(pages.body().contains("Pages behind unhelpful answers"), pages.body());
        String pagesCsv = get("/dashboard/acme/acme-docs/pages.csv", acme).body();
        assertTrue(pagesCsv.contains("/retries,,0,0.0000,0,0,0,0,1"), "the page rated not helpful: " + pagesCsv);

        HttpResponse<String> agents = get("/dashboard/acme/acme-docs/agents", acme);
        assertEquals(200, agents.statusCode());
        String agentsCsv = get("/dashboard/acme/acme-docs/agents.csv", acme).body();
        String today = java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString();
        for (String row : List.of(today + ",/retries,browser,1", today + ",/retries,ai-crawler,1", today + ",/retries,markdown,1",
                today + ",/llms.txt,ai-crawler,1")) {
            assertTrue(agentsCsv.contains(row + "\r\n"), row + " in " + agentsCsv);
        }
        assertTrue(!agentsCsv.contains("nosuch"), "a page that does not exist is not counted");

        String other = signIn("other", "olga@other.example");
        for (String view : List.of("search", "search.csv", "pages", "pages.csv", "agents", "agents.csv")) {
            assertEquals(403, get("/dashboard/acme/acme-docs/" + view, other).statusCode(), view);
            assertEquals(403, get("/dashboard/other/acme-docs/" + view, other).statusCode(), view);
            assertEquals(200, get("/dashboard/other/other-docs/" + view, other).statusCode(), view);
        }
        String otherCsv = get("/dashboard/other/other-docs/search.csv", other).body();
        assertEquals(String.join(",", SearchAnalyticsPage.CSV_HEADER), otherCsv.strip(), "nothing of acme's searches");
        assertEquals(String.join(",", AgentsPage.CSV_HEADER), get("/dashboard/other/other-docs/agents.csv", other).body().strip());
    }

    private String signIn(String org, String email) throws Exception {
        HttpResponse<String> res = http.send(SignInForm.open(http, base).post(base, "token=" + app.accounts().addUserWithLink(org, email))
                .build(), HttpResponse.BodyHandlers.ofString());
        String setCookie = res.headers().firstValue("set-cookie").orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    private HttpResponse<String> click(String key, String body) throws Exception {
        return api("/v1/search/acme-docs/click", key, body);
    }

    /** A POST to the REST API, its exchange held to the OpenAPI document. */
    private HttpResponse<String> api(String path, String key, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).header("authorization", key)
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return OpenApiContract.check(request, body, http.send(request, HttpResponse.BodyHandlers.ofString()));
    }

    private HttpResponse<String> site(String path, String userAgent) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).header("User-Agent", userAgent).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path, String cookie) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).header("Host", "dashboard.localhost:" + port)
                .version(HttpClient.Version.HTTP_1_1).header("cookie", cookie).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
