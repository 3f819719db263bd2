package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.git.WebhookAuth;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.web.Json;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sites deployed from Git on a running server, bound to the real deployments core: real repositories
 * made with JGit and cloned through their file:// URLs, pushes signed as GitHub signs them, the store on
 * SQLite and (with DOCS_ASSISTANT_TEST_PG_URL) PostgreSQL. Also a watched folder deployed again on change.
 */
class GitSitesTest {
    private static final String SECRET = "It's a Secret to Everybody";
    private static final PersonIdent AUTHOR = new PersonIdent("Docs Writer", "writer@example.com");

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void aSiteMadeThroughTheAdminApiIsDeployedFromGitAndByEachSignedPush(String store) throws Exception {
        Path dir = TempDirs.create("docs-assistant-git-");
        try (Repo repo = Repo.create(dir.resolve("repo"), 1);
             DeployServer server = DeployServer.start(dir.resolve("server"), store(store))) {
            // Created with git: the branch's head is the first deployment, active once built.
            HttpResponse<String> created = server.admin("POST", "/admin/v1/sites", Json.write(Map.of("domain", "guide",
                    "organization", "acme", "git", Map.of("url", repo.url(), "secret", SECRET, "previews", true))));
            assertEquals(201, created.statusCode(), created.body());
            JsonNode site = DeployServer.json(created.body());
            assertEquals(true, site.path("git").path("secret").asBoolean(), created.body());
            assertFalse(created.body().contains(SECRET), "the secret is never answered: " + created.body());
            String firstId = site.path("deployment").path("id").asText();
            JsonNode first = server.settle("guide", firstId, Set.of("active", "failed"));
            assertEquals("active", first.path("status").asText(), first.toString());
            assertEquals("git", first.path("source").path("kind").asText());
            assertEquals(repo.url() + "@" + repo.head("main"), first.path("source").path("value").asText());
            assertEquals("admin", first.path("createdBy").asText());
            assertTrue(server.page("guide", "/").body().contains("Release 1"));
            assertEquals(404, server.page("guide", "/launch").statusCode());
            HttpResponse<String> got = server.admin("GET", "/admin/v1/sites/guide", null);
            assertEquals(200, got.statusCode(), got.body());
            assertFalse(got.body().contains(SECRET), got.body());
            assertEquals(repo.url(), DeployServer.json(got.body()).path("git").path("url").asText());

            // A signed push of a new commit: deployed, active, served.
            String second = repo.commitVersion(2);
            HttpResponse<String> pushed = push(server, "guide", "refs/heads/main", second, signature(pushBody("refs/heads/main", second)));
            assertEquals(202, pushed.statusCode(), pushed.body());
            JsonNode d2 = server.settle("guide", DeployServer.json(pushed.body()).path("id").asText(), Set.of("active", "failed"));
            assertEquals("active", d2.path("status").asText(), d2.toString());
            assertEquals("webhook:github:alice", d2.path("createdBy").asText());
            assertTrue(server.page("guide", "/launch").body().contains("zeppelin2"), "the new commit is served");
            assertTrue(server.searched("guide", "zeppelin2").contains("/launch"), "and searched");

            // Bad or missing signature: 401, nothing deployed.
            int before = deployments(server, "guide").size();
            String third = repo.commitVersion(3);
            String body = pushBody("refs/heads/main", third);
            assertEquals(401, push(server, "guide", "refs/heads/main", third, signature(body + " ")).statusCode());
            HttpResponse<String> unsigned = push(server, "guide", "refs/heads/main", third, null);
            assertEquals(401, unsigned.statusCode());
            assertTrue(DeployServer.json(unsigned.body()).path("message").asText().contains("X-Hub-Signature-256"), unsigned.body());
            assertEquals(before, deployments(server, "guide").size(), "nothing deployed");
            assertFalse(server.page("guide", "/launch").body().contains("zeppelin3"));

            // An unknown site: 404.
            HttpResponse<String> unknown = push(server, "nosuch", "refs/heads/main", third, signature(body));
            assertEquals(404, unknown.statusCode(), unknown.body());

            // Another branch, previews on: a preview deployment, the site itself unchanged.
            repo.git.checkout().setCreateBranch(true).setName("feature/Login").call();
            String feature = repo.commit("login", Map.of("login.mdx", "---\ntitle: Login\n---\nThe login page mentions quokka.\n"));
            HttpResponse<String> preview = push(server, "guide", "refs/heads/feature/Login", feature,
                    signature(pushBody("refs/heads/feature/Login", feature)));
            assertEquals(202, preview.statusCode(), preview.body());
            JsonNode p = DeployServer.json(preview.body());
            assertTrue(p.path("preview").asText().startsWith("feature-login-"), preview.body());
            JsonNode built = server.settle("guide", p.path("id").asText(), Set.of("ready", "failed"));
            assertEquals("ready", built.path("status").asText(), built.toString());
            assertEquals(p.path("preview").asText(), built.path("preview").asText());
            assertEquals(d2.path("id").asText(), activeId(server, "guide"), "a preview never replaces the active deployment");
        }
    }

    /** With docs.json {@code metadata.timestamp}, each page says when the last commit that changed it was made. */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void eachPageIsDatedByTheLastCommitThatChangedIt(String store) throws Exception {
        Path dir = TempDirs.create("docs-assistant-git-dates-");
        try (Repo repo = Repo.create(dir.resolve("repo"), 1);
             DeployServer server = DeployServer.start(dir.resolve("server"), store(store))) {
            DeployServer.version(repo.dir, 2);
            repo.commitAt("version 2", Map.of(), Instant.parse("2026-01-05T10:00:00Z"));
            repo.commitAt("dates on", Map.of("docs.json", """
                    {"name": "Relay", "metadata": {"timestamp": true},
                     "navigation": {"groups": [{"group": "Guides", "pages": ["index", "launch"]}]}}"""),
                    Instant.parse("2026-02-01T10:00:00Z"));
            repo.commitAt("launch edited", Map.of("launch.mdx", "---\ntitle: Launch\n---\n\nThe checklist mentions airship7.\n"),
                    Instant.parse("2026-03-04T09:30:00Z"));
            HttpResponse<String> created = server.admin("POST", "/admin/v1/sites", Json.write(Map.of("domain", "dated",
                    "organization", "acme", "git", Map.of("url", repo.url()))));
            assertEquals(201, created.statusCode(), created.body());
            JsonNode d = server.settle("dated", DeployServer.json(created.body()).path("deployment").path("id").asText(),
                    Set.of("active", "failed"));
            assertEquals("active", d.path("status").asText(), d.toString());
            assertTrue(server.page("dated", "/").body().contains("Last modified on <time datetime=\"2026-01-05\">"),
                    server.page("dated", "/").body());
            assertTrue(server.page("dated", "/launch").body().contains("Last modified on <time datetime=\"2026-03-04\">"),
                    server.page("dated", "/launch").body());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void anUnreachableRepositoryIsAFailedDeploymentAndTheActiveOneStays(String store) throws Exception {
        Path dir = TempDirs.create("docs-assistant-git-");
        try (Repo repo = Repo.create(dir.resolve("repo"), 2);
             DeployServer server = DeployServer.start(dir.resolve("server"), store(store))) {
            HttpResponse<String> created = server.admin("POST", "/admin/v1/sites", Json.write(Map.of("domain", "moving",
                    "organization", "acme", "git", Map.of("url", repo.url(), "secret", SECRET))));
            assertEquals(201, created.statusCode(), created.body());
            String activeId = DeployServer.json(created.body()).path("deployment").path("id").asText();
            assertEquals("active", server.settle("moving", activeId, Set.of("active", "failed")).path("status").asText());

            // The repository moves away; a push arrives.
            String next = repo.commitVersion(3);
            repo.close();
            Files.move(repo.dir, dir.resolve("moved"));
            HttpResponse<String> pushed = push(server, "moving", "refs/heads/main", next, signature(pushBody("refs/heads/main", next)));
            assertEquals(202, pushed.statusCode(), pushed.body());
            JsonNode reply = DeployServer.json(pushed.body());
            assertEquals("failed", reply.path("status").asText(), pushed.body());
            assertTrue(reply.path("message").asText().contains("cannot fetch from " + repo.url()), pushed.body());

            List<JsonNode> all = deployments(server, "moving");
            assertEquals(2, all.size());
            JsonNode failed = all.getFirst();
            assertEquals(reply.path("id").asText(), failed.path("id").asText(), "listed newest first");
            assertEquals("failed", failed.path("status").asText());
            assertEquals("git", failed.path("source").path("kind").asText());
            assertEquals(1, failed.path("errors").asInt());
            assertTrue(failed.path("problems").get(0).path("message").asText().contains("cannot fetch from"), failed.toString());
            assertEquals(activeId, activeId(server, "moving"), "the active deployment is unchanged");
            assertTrue(server.page("moving", "/launch").body().contains("zeppelin2"), "and still served");

            // A site created with an unreachable URL: created, its first deployment failed with the reason.
            HttpResponse<String> gone = server.admin("POST", "/admin/v1/sites", Json.write(Map.of("domain", "gone",
                    "organization", "acme", "git", Map.of("url", repo.url(), "token", "gitlab-token"))));
            assertEquals(201, gone.statusCode(), gone.body());
            JsonNode goneFirst = DeployServer.json(gone.body()).path("deployment");
            assertEquals("failed", goneFirst.path("status").asText(), gone.body());
            assertTrue(goneFirst.path("problems").toString().contains("cannot fetch from"), gone.body());
            assertEquals(404, server.page("gone", "/").statusCode());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void configuredGitAndWatchedSitesDeployWithoutARestart(String store) throws Exception {
        Path dir = TempDirs.create("docs-assistant-git-");
        Path serverDir = dir.resolve("server");
        try (Repo repo = Repo.create(dir.resolve("repo"), 1)) {
            DeployServer.version(serverDir.resolve("site"), 1);
            Files.writeString(serverDir.resolve("application.yaml"), """
                    docs-assistant:
                      data-dir: data
                      search: {mode: keyword}
                      security: {admin-token: %s}
                      deployments: {retire-after: 300ms}
                      sites:
                        - {domain: docs, organization: acme, path: site, watch: true}
                        - domain: handbook
                          organization: acme
                          git: {url: "%s", secret: "%s"}
                    """.formatted(DeployServer.ADMIN, repo.url(), SECRET) + store(store).indent(2));
            try (DeployServer server = DeployServer.start(serverDir, "")) {
                // The configured Git site: deployed from its branch at start-up, then by a signed push.
                assertTrue(server.page("handbook", "/").body().contains("Release 1"));
                List<JsonNode> initial = deployments(server, "handbook");
                assertEquals(1, initial.size());
                assertEquals("config", initial.getFirst().path("createdBy").asText());
                String second = repo.commitVersion(2);
                HttpResponse<String> pushed = push(server, "handbook", "refs/heads/main", second,
                        signature(pushBody("refs/heads/main", second)));
                assertEquals(202, pushed.statusCode(), pushed.body());
                server.settle("handbook", DeployServer.json(pushed.body()).path("id").asText(), Set.of("active", "failed"));
                assertTrue(server.page("handbook", "/launch").body().contains("zeppelin2"));
                assertEquals(409, server.admin("DELETE", "/admin/v1/sites/handbook", null).statusCode(),
                        "a configured site is not deleted through the API");

                // The watched folder: an edited page is served without a restart.
                Path page = serverDir.resolve("site/index.mdx");
                assertTrue(Files.exists(page), "TestSites writes pages as .mdx");
                // Saved in one step, as editors save: a rewrite in place is two changes (truncated, written),
                // which a loaded machine may space wider than the debounce, and then two deployments.
                Path edited = serverDir.resolve("index.mdx.edited");
                Files.writeString(edited, Files.readString(page).replace("Release 1", "Release edited"));
                Files.move(edited, page, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (!server.page("docs", "/").body().contains("Release edited")) {
                    assertTrue(System.nanoTime() < deadline, "the edited page is served within 20 s");
                    Thread.sleep(100);
                }
                JsonNode newest = deployments(server, "docs").getFirst();
                assertEquals("watch", newest.path("createdBy").asText());
                // Served first, recorded after: the store may say active a moment after the page shows.
                assertEquals("active", server.settle("docs", newest.path("id").asText(), Set.of("active", "failed")).path("status").asText());
            }
            // Restarted on the same data: nothing is deployed again, the Git site serves its commit at once.
            try (DeployServer again = DeployServer.start(serverDir, "")) {
                assertTrue(again.page("handbook", "/launch").body().contains("zeppelin2"));
                // The check of the branch's head runs in the background: wait for it to have run.
                again.app.git().headChecked("handbook").get(30, TimeUnit.SECONDS);
                assertEquals(2, deployments(again, "handbook").size(), "the head deployed already is not deployed again");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite"})
    void theServersPollerDeploysAMovedHead(String store) throws Exception {
        Path dir = TempDirs.create("docs-assistant-git-");
        try (Repo repo = Repo.create(dir.resolve("repo"), 1);
             DeployServer server = DeployServer.start(dir.resolve("server"), store(store))) {
            HttpResponse<String> created = server.admin("POST", "/admin/v1/sites", Json.write(Map.of("domain", "polled",
                    "organization", "acme", "git", Map.of("url", repo.url(), "poll", "10s"))));
            assertEquals(201, created.statusCode(), created.body());
            server.settle("polled", DeployServer.json(created.body()).path("deployment").path("id").asText(), Set.of("active", "failed"));
            String second = repo.commitVersion(2);
            // No webhook: the one poller thread of the server finds the moved head (every 10 s, ticking every 5 s).
            long deadline = System.nanoTime() + 40_000_000_000L;
            while (!server.page("polled", "/launch").body().contains("zeppelin2")) {
                assertTrue(System.nanoTime() < deadline, "the moved head is deployed by a poll within 40 s");
                Thread.sleep(250);
            }
            JsonNode newest = deployments(server, "polled").getFirst();
            assertEquals("poll", newest.path("createdBy").asText());
            assertEquals(repo.url() + "@" + second, newest.path("source").path("value").asText());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite"})
    void badGitSettingsAre400NamingTheField(String store) {
        Path dir = TempDirs.create("docs-assistant-git-");
        try (DeployServer server = DeployServer.start(dir, store(store))) {
            Map<String, Map<String, Object>> bad = Map.of(
                    "git.url", Map.of("url", "ssh://git@example.com/acme/docs.git"),
                    "git.poll", Map.of("url", "https://example.com/acme/docs.git", "poll", "1s"),
                    "git.previews", Map.of("url", "https://example.com/acme/docs.git", "previews", "yes"),
                    "git.branch", Map.of("url", "https://example.com/acme/docs.git", "branch", "a..b"),
                    "git.secret", Map.of("url", "https://example.com/acme/docs.git", "secret", ""),
                    "git.colour", Map.of("url", "https://example.com/acme/docs.git", "colour", "blue"));
            for (Map.Entry<String, Map<String, Object>> e : bad.entrySet()) {
                HttpResponse<String> res = server.admin("POST", "/admin/v1/sites", Json.write(Map.of("domain", "bad",
                        "organization", "acme", "git", e.getValue())));
                assertEquals(400, res.statusCode(), e.getKey() + ": " + res.body());
                assertTrue(DeployServer.json(res.body()).path("message").asText().startsWith(e.getKey()), e.getKey() + ": " + res.body());
            }
            assertEquals(404, server.admin("GET", "/admin/v1/sites/bad", null).statusCode(), "nothing was created");
        }
    }

    // ---- helpers

    /** The extra configuration for the store: nothing for SQLite, a fresh database for PostgreSQL (skipped without one, failed under CI). */
    private static String store(String kind) {
        if (kind.equals("sqlite")) {
            return "";
        }
        return "store: {url: \"" + TestDatabases.freshPgUrl() + "\"}\n";
    }

    private static String pushBody(String ref, String after) {
        return Json.write(Map.of("ref", ref, "before", "0".repeat(40), "after", after, "deleted", false,
                "pusher", Map.of("name", "alice")));
    }

    private static String signature(String body) {
        return "sha256=" + HexFormat.of().formatHex(WebhookAuth.hmac(SECRET, body.getBytes(StandardCharsets.UTF_8)));
    }

    private static HttpResponse<String> push(DeployServer server, String domain, String ref, String after, String signature) {
        HttpRequest.Builder req = HttpRequest.newBuilder(server.uri("/hooks/git/" + domain))
                .header("Content-Type", "application/json").header("X-GitHub-Event", "push")
                .POST(HttpRequest.BodyPublishers.ofString(pushBody(ref, after)));
        if (signature != null) {
            req.header("X-Hub-Signature-256", signature);
        }
        return server.send(req.build());
    }

    private static List<JsonNode> deployments(DeployServer server, String domain) {
        HttpResponse<String> res = server.admin("GET", "/admin/v1/sites/" + domain + "/deployments", null);
        assertEquals(200, res.statusCode(), res.body());
        List<JsonNode> all = new java.util.ArrayList<>();
        DeployServer.json(res.body()).path("deployments").forEach(all::add);
        return all;
    }

    private static String activeId(DeployServer server, String domain) {
        String id = DeployServer.json(server.admin("GET", "/admin/v1/sites/" + domain, null).body()).path("activeDeployment").asText();
        assertNotEquals("", id);
        return id;
    }

    /** A real repository whose main branch holds version n of the docs site (DeployServer's) at its root. */
    private static final class Repo implements AutoCloseable {
        final Path dir;
        final Git git;

        private Repo(Path dir, Git git) {
            this.dir = dir;
            this.git = git;
        }

        static Repo create(Path dir, int version) throws Exception {
            Repo repo = new Repo(dir, Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call());
            repo.commitVersion(version);
            return repo;
        }

        String url() {
            return dir.toUri().toString();
        }

        String commitVersion(int n) throws Exception {
            DeployServer.version(dir, n);
            return commit("version " + n, Map.of());
        }

        String commit(String message, Map<String, String> files) throws Exception {
            return commitAt(message, files, Instant.now());
        }

        String commitAt(String message, Map<String, String> files, Instant when) throws Exception {
            for (Map.Entry<String, String> f : files.entrySet()) {
                Files.writeString(dir.resolve(f.getKey()), f.getValue());
            }
            git.add().addFilepattern(".").call();
            PersonIdent at = new PersonIdent(AUTHOR, when, ZoneOffset.UTC);
            return git.commit().setMessage(message).setAuthor(at).setCommitter(at).setSign(false).call().name();
        }

        String head(String branch) {
            try {
                return git.getRepository().resolve("refs/heads/" + branch).name();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            git.close();
        }
    }
}
