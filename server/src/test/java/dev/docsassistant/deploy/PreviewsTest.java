package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TempDirs;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Previews on a running server: served on {@code {domain}--{name}.localhost} with noindex, answered
 * from their own index, absent from everything the main site serves, replaced by a newer preview of
 * the same name, and removed by the retention sweep (time moved on through {@link Deployments#sweep}).
 */
class PreviewsTest {

    @Test
    void aPreviewIsServedOnItsOwnHostWithNoindexAndTheMainSiteKnowsNothingOfIt() {
        Path dir = TempDirs.create("docs-assistant-preview-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            JsonNode ready = preview(server, "feature", DeployServer.version(dir.resolve("v2"), 2).dir());
            String host = "docs--feature.localhost:" + server.port();
            assertEquals("http://" + host + "/", ready.path("url").asText(), "the deployment names its link");

            HttpResponse<String> page = get(server, host, "/launch");
            assertEquals(200, page.statusCode(), page.body());
            assertTrue(page.body().contains("zeppelin2"), "the preview's own page");
            assertTrue(page.body().contains("<meta name=\"robots\" content=\"noindex\">"), "pages say noindex");
            assertEquals("noindex", page.headers().firstValue("X-Robots-Tag").orElse(""));
            HttpResponse<String> robots = get(server, host, "/robots.txt");
            assertEquals("User-agent: *\nDisallow: /\n", robots.body());
            assertEquals("noindex", robots.headers().firstValue("X-Robots-Tag").orElse(""));
            assertTrue(get(server, host, "/llms.txt").body().contains("http://" + host + "/launch"),
                    "the preview's own files for agents, linking its own host");

            // Its search, search page, assistant and MCP answer from the preview's index, with the site's keys.
            assertTrue(server.searched("docs--feature", "zeppelin2").contains("/launch"));
            assertTrue(get(server, host, "/_search?q=zeppelin2").body().contains("/launch"));
            assertTrue(answer(server, "docs--feature", "What does the launch checklist mention?").contains("zeppelin2"));
            assertTrue(mcpSearch(server, host, "zeppelin2").contains("/launch"));

            // The main site: its own Site object, none of the preview's content anywhere.
            Site main = server.app.sites().current("docs").orElseThrow();
            Site preview = server.app.sites().current("docs--feature").orElseThrow();
            assertNotSame(main, preview);
            assertTrue(main.content().page("launch").isEmpty());
            String docs = "docs.localhost:" + server.port();
            assertEquals(404, get(server, docs, "/launch").statusCode());
            HttpResponse<String> home = get(server, docs, "/");
            assertEquals(200, home.statusCode(), home.body());
            assertFalse(home.body().contains("noindex"), "the main site is indexed");
            assertTrue(home.headers().firstValue("X-Robots-Tag").isEmpty());
            for (String file : List.of("/sitemap.xml", "/llms.txt", "/llms-full.txt", "/robots.txt")) {
                HttpResponse<String> res = get(server, docs, file);
                assertEquals(200, res.statusCode(), file + ": " + res.body());
                String body = res.body();
                assertFalse(body.contains("launch") || body.contains("zeppelin") || body.contains("--feature"), file + ": " + body);
            }
            assertFalse(server.searched("docs", "zeppelin2").contains("/launch"));
            HttpResponse<String> pageSearch = get(server, docs, "/_search?q=zeppelin2");
            assertEquals(200, pageSearch.statusCode(), pageSearch.body());
            assertFalse(pageSearch.body().contains("/launch"), pageSearch.body());
            assertFalse(answer(server, "docs", "What does the launch checklist mention?").contains("zeppelin2"));
            assertFalse(mcpSearch(server, docs, "zeppelin2").contains("launch"));

            // Unknown previews: 404 on a well-formed host; 421 on a host that names nothing.
            HttpResponse<String> unknown = get(server, "docs--nope.localhost:" + server.port(), "/");
            assertEquals(404, unknown.statusCode());
            assertEquals("site docs has no preview 'nope'", DeployServer.json(unknown.body()).path("message").asText());
            assertEquals(421, get(server, "docs--.localhost:" + server.port(), "/").statusCode());
            assertEquals(421, get(server, "--feature.localhost:" + server.port(), "/").statusCode());

            // The listing links the preview, not the site's own deployments.
            List<JsonNode> all = list(server);
            assertEquals("http://" + host + "/", all.getFirst().path("url").asText());
            assertTrue(all.get(1).path("url").isNull(), all.get(1).toString());
            // A site's domain may not look like a preview's.
            HttpResponse<String> refused = server.admin("POST", "/admin/v1/sites", "{\"domain\": \"docs--x\", \"organization\": \"acme\"}");
            assertEquals(400, refused.statusCode());
            assertTrue(refused.body().contains("domain"), refused.body());
        }
        // After a restart the preview is served again, its index reused.
        try (DeployServer server = DeployServer.start(dir, "")) {
            HttpResponse<String> page = get(server, "docs--feature.localhost:" + server.port(), "/launch");
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("zeppelin2"));
        }
    }

    @Test
    void aNewPreviewOfTheSameNameReplacesTheOldOne() throws Exception {
        Path dir = TempDirs.create("docs-assistant-preview-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            String host = "docs--pr-3.localhost:" + server.port();
            JsonNode first = preview(server, "pr-3", DeployServer.version(dir.resolve("v2"), 2).dir());
            Site old = server.app.sites().current("docs--pr-3").orElseThrow();
            assertTrue(get(server, host, "/launch").body().contains("zeppelin2"));
            JsonNode second = preview(server, "pr-3", DeployServer.version(dir.resolve("v3"), 3).dir());
            assertEquals(first.path("url").asText(), second.path("url").asText(), "one name, one address");
            HttpResponse<String> page = get(server, host, "/launch");
            assertTrue(page.body().contains("zeppelin3"), "the newer preview is served");
            assertFalse(page.body().contains("zeppelin2"));
            assertTrue(server.searched("docs--pr-3", "zeppelin3").contains("/launch"));
            assertFalse(server.searched("docs--pr-3", "zeppelin2").contains("/launch"));
            // The version replaced is closed once retire-after (300 ms) is over, as a site's replaced version is.
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!searchFails(old) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(searchFails(old), "the replaced preview's index is closed");
            // Another name is another site; the main site still serves its own version.
            preview(server, "other", DeployServer.version(dir.resolve("v4"), 4).dir());
            assertTrue(get(server, "docs--other.localhost:" + server.port(), "/launch").body().contains("zeppelin4"));
            assertTrue(get(server, host, "/launch").body().contains("zeppelin3"));
            assertEquals(404, server.page("docs", "/launch").statusCode());
        }
    }

    @Test
    void theSweepRemovesPreviewsPastTheirRetention() throws Exception {
        Path dir = TempDirs.create("docs-assistant-preview-");
        try (DeployServer server = DeployServer.start(dir,
                // Replaces DeployServer's deployments node (the last one wins): its retire-after again.
                "deployments: {retire-after: 300ms, previews: {retention: 2h}}")) {
            JsonNode ready = preview(server, "old", DeployServer.version(dir.resolve("v2"), 2).page("launch",
                    "Only this preview mentions quokka7.", "title: Launch").dir());
            String id = ready.path("id").asText();
            String host = "docs--old.localhost:" + server.port();
            Path folder = dir.resolve("data/deployments/docs/" + id);
            assertTrue(Files.isDirectory(folder));
            long blobs = count(server, "content_blobs");

            Deployments.Swept early = server.app.deployments().sweep(Instant.now().plus(Duration.ofMinutes(90)));
            assertEquals(List.of(), early.previews(), "within its retention the preview stays");
            assertEquals(200, get(server, host, "/launch").statusCode());

            Site served = server.app.sites().current("docs--old").orElseThrow();
            Deployments.Swept swept = server.app.deployments().sweep(Instant.now().plus(Duration.ofHours(3)));
            assertEquals(List.of(id), swept.previews());
            assertEquals(404, get(server, host, "/launch").statusCode(), "its host no longer serves it");
            assertTrue(server.app.sites().current("docs--old").isEmpty());
            assertTrue(list(server).stream().noneMatch(d -> d.path("id").asText().equals(id)), "nor is it listed");
            assertEquals(404, server.admin("GET", "/admin/v1/sites/docs/deployments/" + id, null).statusCode());
            assertTrue(swept.blobs() >= 1, "its own content went: " + swept);
            assertTrue(count(server, "content_blobs") < blobs);
            // Its index closes and its folder goes once requests begun on it are over (retire-after: 300 ms).
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (Files.exists(folder) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(Files.exists(folder), "its folder is deleted");
            assertTrue(searchFails(served), "its index is closed");
            assertEquals(200, server.page("docs", "/").statusCode(), "the site itself is untouched");
        }
    }

    private static boolean searchFails(Site site) {
        try {
            site.search().search(dev.docsassistant.search.SearchRequest.of("webhooks", 5));
            return false;
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** Uploads a preview and waits until it is ready. */
    static JsonNode preview(DeployServer server, String name, Path folder) {
        HttpResponse<String> res = server.upload("docs", "?preview=" + name, "application/gzip", DeployServer.tarGz(folder));
        assertEquals(202, res.statusCode(), res.body());
        JsonNode d = server.settle("docs", DeployServer.json(res.body()).path("id").asText(), Set.of("ready", "failed"));
        assertEquals("ready", d.path("status").asText(), d.toString());
        return d;
    }

    static HttpResponse<String> get(DeployServer server, String host, String path) {
        return server.send(HttpRequest.newBuilder(server.uri(path)).header("Host", host)
                .version(java.net.http.HttpClient.Version.HTTP_1_1).GET().build());
    }

    /** The text of the assistant's answer (the v2 stream) on {@code domain}. */
    private static String answer(DeployServer server, String domain, String question) {
        String body = """
                {"id": "chat-1", "trigger": "submit-message", "fp": "anonymous",
                 "messages": [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": "%s"}]}]}""".formatted(question);
        HttpResponse<String> res = server.send(HttpRequest.newBuilder(server.uri("/v2/assistant/" + domain + "/message"))
                .header("Authorization", server.authorization).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
        assertEquals(200, res.statusCode(), res.body());
        return res.body();
    }

    /** The MCP search tool's result on a site's own host (keyless). */
    private static String mcpSearch(DeployServer server, String host, String query) {
        String call = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"search\",\"arguments\":{\"query\":\""
                + query + "\"}}}";
        HttpResponse<String> res = server.send(HttpRequest.newBuilder(server.uri("/mcp")).header("Host", host)
                .version(java.net.http.HttpClient.Version.HTTP_1_1)
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(call)).build());
        assertEquals(200, res.statusCode(), res.body());
        assertFalse(res.body().contains("\"error\""), res.body());
        return res.body();
    }

    static List<JsonNode> list(DeployServer server) {
        HttpResponse<String> res = server.admin("GET", "/admin/v1/sites/docs/deployments", null);
        assertEquals(200, res.statusCode(), res.body());
        List<JsonNode> all = new ArrayList<>();
        DeployServer.json(res.body()).path("deployments").forEach(all::add);
        return all;
    }

    static long count(DeployServer server, String table) {
        return server.app.database().transaction(c -> {
            try (var s = c.createStatement(); var rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }
}
