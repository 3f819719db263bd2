package dev.docsassistant.rest;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.OpenApiContract;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Public traffic has a budget of its own per site ({@code limits.site-pages-per-hour}): requests with
 * the page key, keyless MCP and the no-JS search page spend it, never the organisation's, so the
 * public cannot lock the organisation's private keys out.
 */
class SitePagesBudgetTest {
    private static final Pattern EMBEDDED = Pattern.compile("\"assistantKey\":\"([^\"]+)\"");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final int SITE_BUDGET = 3;
    private static final int ORGANIZATION_BUDGET = 5;

    private record Running(App app, WebServer server) implements AutoCloseable {
        static Running start() throws Exception {
            Path dir = TempDirs.create("docs-assistant-site-budget-");
            new TestSites(dir.resolve("site")).file("docs.json", """
                            {"name": "S", "navigation": {"groups": [{"group": "G", "pages": ["index", "retries"]}]}}""")
                    .page("index", "# Welcome\n\nWelcome to the relay docs.", "title: Home")
                    .page("retries", "# Retries\n\nFailed deliveries are retried five times with backoff.", "title: Retries");
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, """
                    docs-assistant:
                      data-dir: data
                      limits: {organization-per-hour: %d, site-pages-per-hour: %d}
                      sites:
                        - {domain: acme, organization: acme, path: site}
                        - {domain: blog, organization: acme, path: site}
                    """.formatted(ORGANIZATION_BUDGET, SITE_BUDGET));
            App app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
            WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
            ServerSetup.configure(builder, app);
            return new Running(app, builder.build().start());
        }

        HttpResponse<String> search(String domain, String key) throws Exception {
            String body = "{\"query\": \"retries\"}";
            HttpRequest request = HttpRequest.newBuilder(uri("/v1/search/" + domain)).header("Authorization", "Bearer " + key)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
            return OpenApiContract.check(request, body, HTTP.send(request, HttpResponse.BodyHandlers.ofString()));
        }

        HttpResponse<String> get(String path) throws Exception {
            return HTTP.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
        }

        int keylessMcp(String domain) throws Exception {
            return HTTP.send(HttpRequest.newBuilder(uri("/sites/" + domain + "/mcp")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{}}")).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode();
        }

        String pageKey(String domain) throws Exception {
            Matcher m = EMBEDDED.matcher(get("/sites/" + domain + "/").body());
            assertTrue(m.find(), "the page embeds its key");
            return m.group(1);
        }

        URI uri(String path) {
            return URI.create("http://127.0.0.1:" + server.port() + path);
        }

        @Override
        public void close() {
            server.stop();
            app.close();
        }
    }

    @Test
    void thePageKeySpendsItsSitesBudgetNeverTheOrganisations() throws Exception {
        try (Running run = Running.start()) {
            String pageKey = run.pageKey("acme");
            String privateKey = run.app().keys().create("acme", Optional.empty(), List.of(), "test").secret();
            for (int i = 0; i < SITE_BUDGET; i++) {
                HttpResponse<String> ok = run.search("acme", pageKey);
                assertEquals(200, ok.statusCode());
                assertEquals(String.valueOf(SITE_BUDGET), ok.headers().firstValue("RateLimit-Limit").orElseThrow());
            }
            for (int i = 0; i < ORGANIZATION_BUDGET; i++) {
                HttpResponse<String> over = run.search("acme", pageKey);
                assertEquals(429, over.statusCode(), "public traffic is refused at the site's budget");
                assertTrue(over.body().contains("public request limit"), over.body());
                assertTrue(over.headers().firstValue("Retry-After").isPresent());
            }
            assertEquals(429, run.keylessMcp("acme"), "keyless MCP spends the same budget");
            assertEquals(429, run.get("/sites/acme/_search?q=retries").statusCode(), "so does the search page");
            assertEquals(200, run.get("/sites/acme/retries").statusCode(), "reading pages costs nothing");

            HttpResponse<String> own = run.search("acme", privateKey);
            assertEquals(200, own.statusCode(), "the organisation's private key is not locked out");
            assertEquals(String.valueOf(ORGANIZATION_BUDGET), own.headers().firstValue("RateLimit-Limit").orElseThrow());
            assertEquals(200, run.search("blog", run.pageKey("blog")).statusCode(), "each site has a budget of its own");
        }
    }

    @Test
    void theSearchPageAndKeylessMcpAreCountedPerSite() throws Exception {
        try (Running run = Running.start()) {
            assertEquals(200, run.get("/sites/acme/_search?q=retries").statusCode());
            assertEquals(200, run.keylessMcp("acme"));
            assertEquals(200, run.get("/sites/acme/_search?q=retries").statusCode());
            HttpResponse<String> over = run.get("/sites/acme/_search?q=backoff");
            assertEquals(429, over.statusCode(), "the fourth public search of the site in an hour: " + over.body());
            assertTrue(over.headers().firstValue("Retry-After").isPresent());
            assertEquals(200, run.get("/sites/acme/_search").statusCode(), "the empty search page runs no search");
            assertEquals(200, run.get("/sites/blog/_search?q=retries").statusCode(), "another site's budget is untouched");
        }
    }
}
