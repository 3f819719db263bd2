package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.testing.HelperThreads;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Deployments through the admin API on a running server (real SQLite store, real indexes). */
class DeploymentsApiTest {

    @Test
    void aDeploymentServesItsNewPageWithoutRestartAndRollsBack() throws Exception {
        Path dir = TempDirs.create("docs-assistant-deploy-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            List<JsonNode> initial = list(server, "docs");
            assertEquals(1, initial.size(), "start-up deployed the configured folder");
            JsonNode first = initial.getFirst();
            assertEquals("active", first.path("status").asText());
            assertEquals("folder", first.path("source").path("kind").asText());
            assertEquals("config", first.path("createdBy").asText());
            assertEquals(404, server.page("docs", "/launch").statusCode());

            Path v2 = DeployServer.version(dir.resolve("v2"), 2).dir();
            HttpResponse<String> accepted = server.upload("docs", "", "application/gzip", DeployServer.tarGz(v2));
            assertEquals(202, accepted.statusCode(), accepted.body());
            JsonNode building = DeployServer.json(accepted.body());
            assertTrue(building.path("id").asText().startsWith("dep_"), accepted.body());
            assertEquals("building", building.path("status").asText());
            JsonNode active = server.settle("docs", building.path("id").asText(), Set.of("active", "failed"));
            assertEquals("active", active.path("status").asText(), active.toString());
            assertEquals(2, active.path("pages").asInt());
            assertEquals("archive", active.path("source").path("kind").asText());
            assertEquals(64, active.path("source").path("value").asText().length(), "the archive's SHA-256");
            assertEquals("admin", active.path("createdBy").asText());

            HttpResponse<String> launch = server.page("docs", "/launch");
            assertEquals(200, launch.statusCode());
            assertTrue(launch.body().contains("zeppelin2"), "the new page is served");
            assertTrue(server.searched("docs", "zeppelin2").contains("/launch"), "and searched");

            List<JsonNode> both = list(server, "docs");
            assertEquals(List.of(active.path("id").asText(), first.path("id").asText()),
                    both.stream().map(d -> d.path("id").asText()).toList(), "newest first");
            assertEquals("superseded", both.get(1).path("status").asText());

            // Rollback: the first version again, its index reused from disk.
            HttpResponse<String> rolledBack = server.admin("POST", "/admin/v1/sites/docs/deployments/" + first.path("id").asText()
                    + "/activate", null);
            assertEquals(200, rolledBack.statusCode(), rolledBack.body());
            assertEquals("active", DeployServer.json(rolledBack.body()).path("status").asText());
            assertEquals(404, server.page("docs", "/launch").statusCode(), "the page of version 2 is gone");
            assertFalse(server.searched("docs", "zeppelin2").contains("/launch"));
            assertEquals("superseded", server.settle("docs", active.path("id").asText(), Set.of("superseded")).path("status").asText());

            // Unchanged content stores no new blob: version 2 again adds none.
            long blobs = count(server, "content_blobs");
            JsonNode again = server.deploy("docs", v2);
            assertEquals("active", again.path("status").asText());
            assertEquals(blobs, count(server, "content_blobs"), "the same files are stored once");
            Path v3 = DeployServer.version(dir.resolve("v3"), 2).page("launch", "Changed: zeppelin3.", "title: Launch").dir();
            server.deploy("docs", v3);
            assertEquals(blobs + 1, count(server, "content_blobs"), "one changed page, one new blob");
        }
    }

    @Test
    void aDeploymentWithErrorsFailsAndTheActiveOneKeepsServing() {
        Path dir = TempDirs.create("docs-assistant-deploy-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            Path broken = DeployServer.version(dir.resolve("broken"), 2).file("docs.json", """
                    {"name": "Relay", "navigation": {"groups": [{"group": "G", "pages": ["index", "launch", "missing"]}]}}""")
                    .page("launch", "Broken link to [nowhere](/nowhere) and zeppelin9.", "title: Launch").dir();
            JsonNode failed = server.deploy("docs", broken);
            assertEquals("failed", failed.path("status").asText(), failed.toString());
            assertTrue(failed.path("errors").asInt() >= 1, failed.toString());
            String problems = failed.path("problems").toString();
            assertTrue(problems.contains("page 'missing' has no file"), problems);
            assertTrue(problems.contains("\"severity\":\"error\""), problems);
            assertTrue(problems.contains("broken link: /nowhere"), "a broken link is a warning beside it: " + problems);
            assertEquals(404, server.page("docs", "/launch").statusCode(), "the active version is still served");
            assertFalse(server.searched("docs", "zeppelin9").contains("launch"));

            // A broken link alone is a warning: the deployment goes live with it reported.
            Path warned = DeployServer.version(dir.resolve("warned"), 2)
                    .page("launch", "See [the old page](/old-page) about zeppelin8.", "title: Launch").dir();
            JsonNode live = server.deploy("docs", warned);
            assertEquals("active", live.path("status").asText(), live.toString());
            assertEquals(0, live.path("errors").asInt());
            assertTrue(live.path("problems").toString().contains("broken link: /old-page"), live.toString());
        }
    }

    @Test
    void searchesKeepWorkingWhileDeploymentsSwitch() throws Exception {
        Path dir = TempDirs.create("docs-assistant-deploy-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            AtomicInteger done = new AtomicInteger();
            try (HelperThreads searchers = new HelperThreads()) {
                for (int t = 0; t < 4; t++) {
                    searchers.repeat("searcher-" + t, () -> {
                        HttpResponse<String> res = server.search("docs", "webhooks release");
                        assertEquals(200, res.statusCode(), res.body());
                        assertTrue(res.body().contains("Home"), res.body());
                        done.incrementAndGet();
                    });
                }
                searchers.await(() -> done.get() >= 4, Duration.ofSeconds(30), "searches run before the first switch");
                int closedBefore = server.app.deployments().retiredCount();
                for (int n = 2; n <= 5; n++) {
                    JsonNode d = server.deploy("docs", DeployServer.version(dir.resolve("v" + n), n).dir());
                    assertEquals("active", d.path("status").asText());
                }
                // Each replaced version's index closes retire-after (300 ms) after its switch, while the searches go on.
                searchers.await(() -> server.app.deployments().retiredCount() - closedBefore >= 4, Duration.ofSeconds(30),
                        "the four replaced versions are closed");
                int atLastClose = done.get();
                searchers.await(() -> done.get() >= atLastClose + 4, Duration.ofSeconds(30), "searches go on after the last close");
                searchers.stopAndJoin(Duration.ofSeconds(30));
            }
            assertTrue(server.page("docs", "/launch").body().contains("zeppelin5"));
        }
    }

    @Test
    void sitesCreatedAtRunTimeAreDeployedServedAndDeleted() throws Exception {
        Path dir = TempDirs.create("docs-assistant-deploy-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            String missing = dir.resolve("nonexistent/acme/docs").toUri().toString(); // a folder the policy allows
            HttpResponse<String> created = server.admin("POST", "/admin/v1/sites",
                    "{\"domain\": \"fresh\", \"organization\": \"acme\", \"git\": {\"url\": \"" + missing + "\", \"branch\": \"main\", \"path\": \"docs\"}}");
            assertEquals(201, created.statusCode(), created.body());
            assertEquals(missing, DeployServer.json(created.body()).path("git").path("url").asText());
            // Its first deployment, from a repository that is not there (no network in tests): failed, with the reason.
            assertEquals("failed", DeployServer.json(created.body()).path("deployment").path("status").asText(), created.body());
            assertEquals(409, server.admin("POST", "/admin/v1/sites", "{\"domain\": \"fresh\", \"organization\": \"acme\"}").statusCode());
            assertEquals(201, server.admin("POST", "/admin/v1/sites", "{\"domain\": \"other\", \"organization\": \"globex\"}").statusCode());
            assertEquals(Set.of("acme", "globex"), Deployments.organizations(server.app.database(), Set.of()),
                    "keys and dashboard users may be made (CLI too) for organisations of sites created at run time");
            assertEquals(409, server.admin("POST", "/admin/v1/sites", "{\"domain\": \"docs\", \"organization\": \"acme\"}").statusCode());
            HttpResponse<String> badDomain = server.admin("POST", "/admin/v1/sites", "{\"domain\": \"Not OK\", \"organization\": \"acme\"}");
            assertEquals(400, badDomain.statusCode());
            assertTrue(badDomain.body().contains("domain"), badDomain.body());
            assertEquals(404, server.page("fresh", "/").statusCode(), "no deployment yet: not served");

            // A zip this time, of a folder wrapped in one top-level folder.
            ByteArrayOutputStream zip = new ByteArrayOutputStream();
            Path v2 = DeployServer.version(dir.resolve("zip"), 2).dir();
            try (ZipOutputStream z = new ZipOutputStream(zip); Stream<Path> files = Files.walk(v2)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    z.putNextEntry(new ZipEntry("site/" + v2.relativize(f).toString().replace('\\', '/')));
                    z.write(Files.readAllBytes(f));
                }
            }
            HttpResponse<String> accepted = server.upload("fresh", "", "application/zip", zip.toByteArray());
            assertEquals(202, accepted.statusCode(), accepted.body());
            JsonNode d = server.settle("fresh", DeployServer.json(accepted.body()).path("id").asText(), Set.of("active", "failed"));
            assertEquals("active", d.path("status").asText(), d.toString());
            assertEquals(200, server.page("fresh", "/launch").statusCode());
            HttpResponse<String> search = server.search("fresh", "zeppelin2");
            assertEquals(200, search.statusCode(), "a key of the site's organisation works on it: " + search.body());
            assertTrue(search.body().contains("/launch"), search.body());
            // Its pages embed a page key of their own (search box, Ask AI), which deleting the site revokes.
            Matcher embedded = Pattern.compile("\"assistantKey\":\"([^\"]+)\"").matcher(server.page("fresh", "/launch").body());
            assertTrue(embedded.find(), "the run-time site's pages embed a page key");
            String pageKey = embedded.group(1);
            assertEquals(200, server.send(searchWith(server, "fresh", pageKey)).statusCode(), "the page key searches its site");

            // A preview is built and kept ready, never activated on its own.
            HttpResponse<String> preview = server.upload("fresh", "?preview=pr-7", "application/gzip",
                    DeployServer.tarGz(DeployServer.version(dir.resolve("pr"), 3).dir()));
            assertEquals(202, preview.statusCode(), preview.body());
            JsonNode ready = server.settle("fresh", DeployServer.json(preview.body()).path("id").asText(), Set.of("ready", "failed"));
            assertEquals("ready", ready.path("status").asText());
            assertEquals("pr-7", ready.path("preview").asText());
            assertTrue(server.page("fresh", "/launch").body().contains("zeppelin2"), "the preview did not replace the active one");

            assertEquals(409, server.admin("DELETE", "/admin/v1/sites/docs", null).statusCode(), "a configured site stays");
            assertEquals(204, server.admin("DELETE", "/admin/v1/sites/fresh", null).statusCode());
            assertEquals(404, server.page("fresh", "/launch").statusCode());
            assertTrue(server.app.keys().find(pageKey).orElseThrow().revokedAt().isPresent(), "the deleted site's page key is revoked");
            assertEquals(404, server.admin("GET", "/admin/v1/sites/fresh/deployments", null).statusCode());
            assertEquals(404, server.admin("DELETE", "/admin/v1/sites/fresh", null).statusCode());
        }
    }

    @Test
    void aSiteCannotTakeAHostTheConfigurationGivesToSomethingElse() throws Exception {
        Path dir = TempDirs.create("docs-assistant-deploy-");
        DeployServer.version(dir.resolve("site"), 1);
        Files.writeString(dir.resolve("application.yaml"), """
                server: {allowed-hosts: [api.localhost]}
                docs-assistant:
                  data-dir: data
                  search: {mode: keyword}
                  security: {admin-token: %s}
                  dashboard: {url: "http://admin.localhost:8080"}
                  sites:
                    - {domain: docs, organization: acme, path: site, url: "http://help.localhost:8080"}
                """.formatted(DeployServer.ADMIN));
        try (DeployServer server = DeployServer.start(dir, "")) {
            Map<String, String> reasons = Map.of("dashboard", "dashboard's", "admin", "dashboard's",
                    "help", "url of site docs", "api", "server.allowed-hosts");
            for (Map.Entry<String, String> taken : reasons.entrySet()) {
                HttpResponse<String> refused = createSite(server, taken.getKey());
                assertEquals(400, refused.statusCode(), refused.body());
                String message = DeployServer.json(refused.body()).path("message").asText();
                assertTrue(message.startsWith("domain: '" + taken.getKey() + "'") && message.contains(taken.getValue()), message);
            }
            assertEquals(201, createSite(server, "fresh").statusCode());
            assertTrue(server.app.deployments().site("dashboard").isEmpty(), "nothing was made");
        }
    }

    /** On the dashboard's host as this test configures it. */
    private static HttpResponse<String> createSite(DeployServer server, String domain) {
        return server.send(java.net.http.HttpRequest.newBuilder(server.uri("/admin/v1/sites"))
                .header("Host", "admin.localhost:" + server.port()).version(java.net.http.HttpClient.Version.HTTP_1_1)
                .header("Authorization", "Bearer " + DeployServer.ADMIN).header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                        "{\"domain\": \"" + domain + "\", \"organization\": \"acme\"}")).build());
    }

    @Test
    void badUploadsAreRefusedAndWriteNothing() throws Exception {
        Path dir = TempDirs.create("docs-assistant-deploy-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            long deployments = count(server, "deployments");
            long blobs = count(server, "content_blobs");
            ByteArrayOutputStream traversal = new ByteArrayOutputStream();
            try (TarGzWriter tar = new TarGzWriter(traversal)) {
                tar.file("docs.json", "{}".getBytes());
                tar.file("../../escape.mdx", "x".getBytes());
            }
            assertRefused(server.upload("docs", "", "application/gzip", traversal.toByteArray()), 400, "'..'");
            ByteArrayOutputStream link = new ByteArrayOutputStream();
            try (TarGzWriter tar = new TarGzWriter(link)) {
                tar.file("docs.json", "{}".getBytes());
                tar.entry("passwd.mdx", '2', "/etc/passwd", 0, java.io.InputStream.nullInputStream());
            }
            assertRefused(server.upload("docs", "", "application/gzip", link.toByteArray()), 400, "points outside");
            assertRefused(server.upload("docs", "", "application/gzip", "not an archive".getBytes()), 400, "not a gzip file");
            assertRefused(server.upload("docs", "", "text/plain", "hello".getBytes()), 415, "application/gzip");
            assertRefused(server.upload("nope", "", "application/gzip", DeployServer.tarGz(dir.resolve("site"))), 404, "unknown site");
            assertRefused(server.upload("docs", "?preview=Bad%20Name", "application/gzip", DeployServer.tarGz(dir.resolve("site"))),
                    400, "preview");
            ByteArrayOutputStream zip = new ByteArrayOutputStream();
            try (ZipOutputStream z = new ZipOutputStream(zip)) {
                z.setLevel(9);
                z.putNextEntry(new ZipEntry("zeros.mdx"));
                byte[] mib = new byte[1 << 20];
                for (int i = 0; i < 32; i++) {
                    z.write(mib);
                }
            }
            assertRefused(server.upload("docs", "", "application/zip", zip.toByteArray()), 413, "max-ratio");
            assertEquals(401, server.send(java.net.http.HttpRequest.newBuilder(server.uri("/admin/v1/sites/docs/deployments"))
                    .header("Host", "dashboard.localhost:" + server.port()).version(java.net.http.HttpClient.Version.HTTP_1_1)
                    .header("Content-Type", "application/gzip").POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(
                            DeployServer.tarGz(dir.resolve("site")))).build()).statusCode());
            assertEquals(404, server.admin("GET", "/admin/v1/sites/docs/deployments/dep_nope", null).statusCode());
            assertEquals(404, server.admin("POST", "/admin/v1/sites/docs/deployments/dep_nope/activate", null).statusCode());

            assertEquals(deployments, count(server, "deployments"), "no deployment recorded");
            assertEquals(blobs, count(server, "content_blobs"), "no content stored");
            try (Stream<Path> staged = Files.list(dir.resolve("data/deployments/.staging"))) {
                assertEquals(List.of(), staged.toList(), "no staging folder left behind");
            }
            // An upload unpacks into data/deployments/.staging/<folder>: '../../escape.mdx' would land in data/deployments.
            assertFalse(Files.exists(dir.resolve("data/deployments/escape.mdx")), "the entry climbing out did not land");
            try (Stream<Path> all = Files.walk(dir)) {
                assertEquals(List.of(), all.filter(p -> p.getFileName().toString().equals("escape.mdx")).toList(), "nor anywhere else");
            }
        }
    }

    @Test
    void aRestartReusesTheActiveDeploymentOfAnUnchangedFolder() throws Exception {
        Path dir = TempDirs.create("docs-assistant-deploy-");
        String firstId;
        String apiId;
        try (DeployServer server = DeployServer.start(dir, "")) {
            firstId = list(server, "docs").getFirst().path("id").asText();
            apiId = server.deploy("docs", DeployServer.version(dir.resolve("v2"), 2).dir()).path("id").asText();
        }
        try (DeployServer again = DeployServer.start(dir, "")) {
            List<JsonNode> all = list(again, "docs");
            assertEquals(2, all.size(), "the unchanged folder made no new deployment");
            assertEquals(apiId, all.getFirst().path("id").asText());
            assertEquals("active", all.getFirst().path("status").asText(), "the API deployment is kept over the unchanged folder");
            assertFalse(again.app.sites().get("docs").orElseThrow().stats().rebuilt(), "its index was reused: nothing rebuilt");
            assertEquals(200, again.page("docs", "/launch").statusCode());
        }
        DeployServer.version(dir.resolve("site"), 3);
        try (DeployServer changed = DeployServer.start(dir, "")) {
            List<JsonNode> all = list(changed, "docs");
            assertEquals(3, all.size(), "a changed folder is deployed at start-up");
            assertEquals("active", all.getFirst().path("status").asText());
            assertTrue(changed.page("docs", "/launch").body().contains("zeppelin3"));
            assertFalse(all.stream().anyMatch(d -> d.path("id").asText().equals(firstId) && d.path("status").asText().equals("active")));
        }
    }

    private static java.net.http.HttpRequest searchWith(DeployServer server, String domain, String key) {
        return java.net.http.HttpRequest.newBuilder(server.uri("/v1/search/" + domain))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"query\": \"zeppelin2\"}")).build();
    }

    private static void assertRefused(HttpResponse<String> res, int status, String message) {
        assertEquals(status, res.statusCode(), res.body());
        String text = DeployServer.json(res.body()).path("message").asText();
        assertTrue(text.contains(message), text);
    }

    private static List<JsonNode> list(DeployServer server, String domain) {
        HttpResponse<String> res = server.admin("GET", "/admin/v1/sites/" + domain + "/deployments", null);
        assertEquals(200, res.statusCode(), res.body());
        List<JsonNode> all = new ArrayList<>();
        DeployServer.json(res.body()).path("deployments").forEach(all::add);
        return all;
    }

    private static long count(DeployServer server, String table) {
        return server.app.database().transaction(c -> {
            try (var s = c.createStatement(); var rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }
}
