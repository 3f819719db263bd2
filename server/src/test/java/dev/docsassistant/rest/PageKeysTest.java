package dev.docsassistant.rest;

import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.security.ApiKey;
import dev.docsassistant.security.ApiKeys;
import dev.docsassistant.security.KeyHasher;
import dev.docsassistant.testing.OpenApiContract;
import dev.docsassistant.testing.TestSites;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Page keys over real HTTP on real servers sharing one store: made at start-up for a site without a
 * configured key, stored by hash only, working on that site's API routes only, kept across restarts
 * (replaced once revoked), and not made when a key is configured or page keys are off.
 */
class PageKeysTest {
    private static final String CONFIGURED_KEY = KeyHasher.newKey();
    private static final Pattern EMBEDDED = Pattern.compile("\"assistantKey\":(null|\"([^\"]+)\")");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Path dir;

    @BeforeAll
    static void sites() throws IOException {
        dir = TempDirs.create("docs-assistant-page-keys-");
        new TestSites(dir.resolve("site")).file("docs.json", """
                        {"name": "S", "navigation": {"groups": [{"group": "G", "pages": ["index", "retries"]}]}}""")
                .page("index", "# Welcome\n\nWelcome to the relay docs.", "title: Home")
                .page("retries", "# Retries\n\nFailed deliveries are retried five times with backoff.", "title: Retries");
    }

    /** One running server on the shared store; {@code extra} goes under docs-assistant. */
    private record Running(App app, WebServer server) implements AutoCloseable {
        static Running start(String extra) throws IOException {
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, """
                    docs-assistant:
                      data-dir: data
                      sites:
                        - {domain: open, organization: acme, path: site}
                        - {domain: other, organization: beta, path: site}
                        - {domain: conf, organization: acme, path: site, assistant-key: %s}
                        - {domain: quiet, organization: acme, path: site, page-key: false}
                    """.formatted(CONFIGURED_KEY) + extra.indent(2));
            App app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
            WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
            ServerSetup.configure(builder, app);
            return new Running(app, builder.build().start());
        }

        HttpResponse<String> get(String path) throws Exception {
            return HTTP.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
        }

        int search(String domain, String key) throws Exception {
            String body = "{\"query\": \"retries\"}";
            HttpRequest request = HttpRequest.newBuilder(uri("/v1/search/" + domain))
                    .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            return OpenApiContract.check(request, body, HTTP.send(request, HttpResponse.BodyHandlers.ofString())).statusCode();
        }

        /** The key a site's rendered page embeds, or empty for {@code null}. */
        Optional<String> embedded(String domain) throws Exception {
            HttpResponse<String> page = get("/sites/" + domain + "/");
            assertEquals(200, page.statusCode());
            Matcher m = EMBEDDED.matcher(page.body());
            assertTrue(m.find(), "page config present");
            return Optional.ofNullable(m.group(2));
        }

        List<ApiKey> pageKeys(String domain) {
            return app.keys().list(Optional.empty()).stream()
                    .filter(k -> k.source().equals(ApiKeys.pageKeySource(domain))).toList();
        }

        List<ApiKey> activePageKeys(String domain) {
            return pageKeys(domain).stream().filter(k -> k.activeAt(Instant.now())).toList();
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
    void siteWithoutKeyGetsAPageKeyKeptAcrossRestartsReplacedOnceRevokedAndRevokedWhenTurnedOff() throws Exception {
        String first;
        try (Running run = Running.start("")) {
            first = run.embedded("open").orElseThrow();
            assertTrue(KeyHasher.wellFormed(first), "a real svc_dsc_ key");
            List<ApiKey> stored = run.activePageKeys("open");
            assertEquals(1, stored.size(), "one active page key per site");
            ApiKey key = stored.getFirst();
            assertEquals("acme", key.organization());
            assertTrue(key.activeAt(Instant.now()));
            assertTrue(first.startsWith(key.prefix()));
            assertEquals(List.of(), key.origins());
            assertOnlyHashStored(run.app(), first);

            assertEquals(200, run.search("open", first));
            assertEquals(403, run.search("quiet", first), "a page key is public: it opens its own site only");
            assertEquals(403, run.search("other", first), "not another organisation's site");
            String beta = run.embedded("other").orElseThrow();
            assertNotEquals(first, beta);
            assertEquals(200, run.search("other", beta));
        }
        try (Running run = Running.start("")) {
            assertEquals(Optional.of(first), run.embedded("open"), "a restart keeps the page key: open pages keep working");
            assertEquals(1, run.activePageKeys("open").size(), "one active page key per site, none piling up");
            assertEquals(200, run.search("open", first));
            run.app().keys().revoke(run.activePageKeys("open").getFirst().id()); // as the dashboard's Revoke does
            assertEquals(401, run.search("open", first));
        }
        String second;
        try (Running run = Running.start("")) {
            second = run.embedded("open").orElseThrow();
            assertNotEquals(first, second, "a revoked page key is replaced on the next start");
            List<ApiKey> stored = run.activePageKeys("open");
            assertEquals(1, stored.size(), "one active page key per site");
            assertTrue(second.startsWith(stored.getFirst().prefix()));
            assertEquals(401, run.search("open", first), "the revoked key stays revoked");
            assertEquals(200, run.search("open", second));
        }
        try (Running run = Running.start("site-pages:\n  page-keys: false\n")) {
            assertTrue(run.embedded("open").isEmpty(), "switch off: no key in the pages");
            assertTrue(run.activePageKeys("open").isEmpty(), "earlier page keys are revoked");
            assertEquals(401, run.search("open", second));
            String html = run.get("/sites/open/").body();
            assertTrue(html.contains("Assistant off"), "pages say the assistant is off");
            assertFalse(html.contains("data-open-assistant hidden>Ask AI"));
        }
    }

    @Test
    void noPageKeyForAConfiguredKeyOrASiteThatTurnedThemOff() throws Exception {
        try (Running run = Running.start("")) {
            assertEquals(Optional.of(CONFIGURED_KEY), run.embedded("conf"));
            assertTrue(run.pageKeys("conf").isEmpty());
            assertEquals(200, run.search("conf", CONFIGURED_KEY));

            assertTrue(run.embedded("quiet").isEmpty());
            assertTrue(run.pageKeys("quiet").isEmpty());
            String html = run.get("/sites/quiet/").body();
            assertTrue(html.contains("class=\"assistant-off\""));
            assertTrue(run.get("/sites/quiet/_search?q=retries").body().contains("Retries"),
                    "the search page still works without a key");
            assertTrue(run.get("/sites/open/").body().contains("data-open-assistant"));
        }
    }

    /** The store holds the key's hash and display prefix, never the key. */
    private static void assertOnlyHashStored(App app, String secret) {
        List<String> rows = app.database().transaction(c -> {
            List<String> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM api_keys");
                 ResultSet rs = ps.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int i = 1; i <= columns; i++) {
                        row.append(rs.getString(i)).append('|');
                    }
                    out.add(row.toString());
                }
            }
            return out;
        });
        assertTrue(rows.stream().noneMatch(r -> r.contains(secret)), "the secret is not in the store");
        assertTrue(rows.stream().anyMatch(r -> r.contains(KeyHasher.hash(secret))), "its hash is");
    }
}
