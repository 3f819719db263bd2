package dev.docsassistant.git;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.rest.GitHookRoutes;
import dev.docsassistant.testing.OpenApiContract;
import dev.docsassistant.web.Json;
import io.helidon.webserver.WebServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code POST /hooks/git/{domain}} on a real server: GitHub and GitLab pushes against a real repository
 * cloned through its file:// URL, deployed into a recording deployer; every exchange is checked against
 * the OpenAPI document.
 */
class GitWebhookTest {
    private static final String SECRET = "It's a Secret to Everybody";
    private static final String TOKEN = "gitlab-hook-token";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    static Path temp;
    private static SourceRepo source;
    private static WebServer server;
    private static RecordingDeployer deployer;
    private static final Map<String, GitSettings> SITES = new ConcurrentHashMap<>();

    @BeforeAll
    static void start() throws Exception {
        source = SourceRepo.create(temp.resolve("source"));
        source.newBranch("feature/Login");
        source.commit("login page", Map.of("docs/login.mdx", "# Login\n"));
        source.checkout("main");
        deployer = new RecordingDeployer(temp.resolve("deployments"));
        Path git = temp.resolve("data/git");
        GitSource gitSource = new GitSource(() -> Map.copyOf(SITES), new GitCheckout(git, name -> null, LocalRepos.EGRESS), deployer,
                new DeployedCommits(git));
        server = WebServer.builder().host("127.0.0.1").port(0)
                .routing(r -> r.register("/hooks/git", new GitHookRoutes(gitSource))).build().start();
    }

    @AfterAll
    static void stop() {
        server.stop();
        source.close();
    }

    @BeforeEach
    void sites() {
        SITES.clear();
        SITES.put("guide", site(source.url(), "docs", true));
        SITES.put("strict", site(source.url(), "docs", false));
        SITES.put("broken", site(source.url(), "handbook", false));
    }

    private static GitSettings site(String url, String path, boolean previews) {
        return new GitSettings(url, "main", path, previews, Optional.empty(), Optional.of(SECRET), Optional.of(TOKEN),
                Optional.empty(), GitSettings.DEFAULT_CREDENTIALS_USER);
    }

    private record Reply(int status, JsonNode body) {
    }

    private static Reply post(String domain, String body, String... headers) throws Exception {
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/hooks/git/" + domain))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            req.header(headers[i], headers[i + 1]);
        }
        HttpRequest request = req.build();
        // Every exchange is also held to the OpenAPI document's gitPush operation.
        HttpResponse<String> res = OpenApiContract.check(request, body, HTTP.send(request, HttpResponse.BodyHandlers.ofString()));
        return new Reply(res.statusCode(), res.body().isEmpty() ? null : Json.MAPPER.readTree(res.body()));
    }

    private static String signature(String body) {
        return "sha256=" + HexFormat.of().formatHex(WebhookAuth.hmac(SECRET, body.getBytes(StandardCharsets.UTF_8)));
    }

    private static String githubPush(String ref, String after, boolean deleted) {
        return Json.write(Map.of("ref", ref, "before", "0".repeat(40), "after", after, "deleted", deleted,
                "pusher", Map.of("name", "alice"), "repository", Map.of("full_name", "acme/guide")));
    }

    private static Reply github(String domain, String body) throws Exception {
        return post(domain, body, "X-GitHub-Event", "push", "X-Hub-Signature-256", signature(body));
    }

    @Test
    void aSignedGitHubPushToTheBranchDeploysThatCommit() throws Exception {
        String main = source.head("main");
        Reply reply = github("strict", githubPush("refs/heads/main", main, false));
        assertEquals(202, reply.status(), String.valueOf(reply.body()));
        RecordingDeployer.Deployment d = deployer.last();
        assertEquals(d.id(), reply.body().get("id").asText());
        assertEquals("building", reply.body().get("status").asText());
        assertEquals(main, reply.body().get("commit").asText());
        assertEquals("strict", d.domain());
        assertEquals("git " + source.url() + "@" + main, d.source());
        assertEquals("webhook:github:alice", d.createdBy());
        assertNull(d.preview());
        assertEquals(SourceRepo.docsJson("Guide v1"), d.read("docs.json"));

        // Redelivered: nothing new.
        int before = deployer.deployments.size();
        Reply again = github("strict", githubPush("refs/heads/main", main, false));
        assertEquals(202, again.status());
        assertEquals("ignored", again.body().get("status").asText());
        assertTrue(again.body().get("reason").asText().contains("already deployed"), again.body().toString());
        assertEquals(before, deployer.deployments.size());
    }

    @Test
    void aBadOrMissingSignatureIs401() throws Exception {
        String body = githubPush("refs/heads/main", source.head("main"), false);
        int before = deployer.deployments.size();
        Reply wrong = post("guide", body, "X-GitHub-Event", "push", "X-Hub-Signature-256", signature(body + " "));
        assertEquals(401, wrong.status());
        assertEquals("X-Hub-Signature-256 does not match the body signed with the site's git.secret",
                wrong.body().get("message").asText());
        Reply notHex = post("guide", body, "X-Hub-Signature-256", "sha256=zz");
        assertEquals(401, notHex.status());
        Reply sha1 = post("guide", body, "X-Hub-Signature-256", "sha1=" + "ab".repeat(20));
        assertEquals(401, sha1.status());
        Reply missing = post("guide", body, "X-GitHub-Event", "push");
        assertEquals(401, missing.status());
        assertTrue(missing.body().get("message").asText().contains("X-Hub-Signature-256"), missing.body().toString());
        Reply wrongToken = post("guide", body, "X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", "guess");
        assertEquals(401, wrongToken.status());
        assertEquals("X-Gitlab-Token does not match the site's git.token", wrongToken.body().get("message").asText());
        assertEquals(before, deployer.deployments.size(), "nothing was deployed");
    }

    @Test
    void aSiteWithoutAWebhookSecretTakesNoPush() throws Exception {
        SITES.put("unsigned", new GitSettings(source.url(), "main", "docs", false, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), GitSettings.DEFAULT_CREDENTIALS_USER));
        String body = githubPush("refs/heads/main", source.head("main"), false);
        Reply reply = github("unsigned", body);
        assertEquals(401, reply.status());
        assertEquals("X-Hub-Signature-256 cannot be checked: the site has no git.secret", reply.body().get("message").asText());
        Reply lab = post("unsigned", body, "X-Gitlab-Token", TOKEN);
        assertEquals("X-Gitlab-Token cannot be checked: the site has no git.token", lab.body().get("message").asText());
    }

    @Test
    void aGitLabPushWithItsTokenDeploys() throws Exception {
        String main = source.head("main");
        String body = Json.write(Map.of("object_kind", "push", "ref", "refs/heads/main", "before", "0".repeat(40),
                "after", main, "checkout_sha", main, "user_username", "bob"));
        Reply reply = post("guide", body, "X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", TOKEN);
        assertEquals(202, reply.status(), String.valueOf(reply.body()));
        assertEquals(main, reply.body().get("commit").asText());
        assertEquals("webhook:gitlab:bob", deployer.last().createdBy());
    }

    @Test
    void anUnknownSiteIs404() throws Exception {
        String body = githubPush("refs/heads/main", source.head("main"), false);
        Reply reply = github("nowhere", body);
        assertEquals(404, reply.status());
        assertEquals("no site 'nowhere' is deployed from Git", reply.body().get("message").asText());
    }

    @Test
    void anotherBranchBecomesAPreviewWhenPreviewsAreOn() throws Exception {
        String feature = source.head("feature/Login");
        Reply reply = github("guide", githubPush("refs/heads/feature/Login", feature, false));
        assertEquals(202, reply.status(), String.valueOf(reply.body()));
        String preview = PreviewNames.of("feature/Login");
        assertTrue(preview.matches("feature-login-[0-9a-f]{6}"), preview);
        assertEquals(preview, reply.body().get("preview").asText());
        RecordingDeployer.Deployment d = deployer.last();
        assertEquals(preview, d.preview());
        assertEquals("# Login\n", d.read("login.mdx"));

        Reply off = github("strict", githubPush("refs/heads/feature/Login", feature, false));
        assertEquals(202, off.status());
        assertEquals("ignored", off.body().get("status").asText());
        assertTrue(off.body().get("reason").asText().contains("git.previews is off"), off.body().toString());
    }

    @Test
    void deletedBranchesTagsAndOtherEventsAreIgnored() throws Exception {
        int before = deployer.deployments.size();
        Reply deleted = github("guide", githubPush("refs/heads/feature/Login", "0".repeat(40), true));
        assertEquals(202, deleted.status());
        assertEquals("branch 'feature/Login' was deleted; nothing to deploy", deleted.body().get("reason").asText());
        String gitlabDeleted = Json.write(Map.of("object_kind", "push", "ref", "refs/heads/old", "after", "0".repeat(40)));
        Reply labDeleted = post("guide", gitlabDeleted, "X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", TOKEN);
        assertEquals("branch 'old' was deleted; nothing to deploy", labDeleted.body().get("reason").asText());
        Reply tag = github("guide", githubPush("refs/tags/v1", source.head("main"), false));
        assertEquals("refs/tags/v1 is not a branch", tag.body().get("reason").asText());
        String ping = "{\"zen\": \"Keep it logically awesome.\", \"hook_id\": 1}";
        Reply pong = post("guide", ping, "X-GitHub-Event", "ping", "X-Hub-Signature-256", signature(ping));
        assertEquals(202, pong.status());
        assertEquals("the 'ping' event is not a push", pong.body().get("reason").asText());
        assertEquals(before, deployer.deployments.size());
    }

    @Test
    void aMissingPathIsAFailedDeploymentWithTheReason() throws Exception {
        Reply reply = github("broken", githubPush("refs/heads/main", source.head("main"), false));
        assertEquals(202, reply.status());
        assertEquals("failed", reply.body().get("status").asText());
        assertTrue(reply.body().get("message").asText().startsWith("path 'handbook' does not exist"), reply.body().toString());
        assertEquals(reply.body().get("message").asText(), deployer.last().reason());
    }

    @Test
    void badBodiesAreClear4xx() throws Exception {
        String notAPush = "{\"after\": \"" + source.head("main") + "\"}";
        Reply noRef = github("guide", notAPush);
        assertEquals(400, noRef.status());
        assertEquals("ref is required: the body must be a push event's payload", noRef.body().get("message").asText());
        Reply notJson = github("guide", "ref=refs/heads/main");
        assertEquals(400, notJson.status());
        String huge = "{\"ref\": \"refs/heads/main\", \"padding\": \"" + "x".repeat(1024 * 1024) + "\"}";
        Reply tooLarge = github("guide", huge);
        assertEquals(413, tooLarge.status());
        assertEquals(List.of("message"), List.copyOf(iterable(tooLarge.body())));
    }

    private static List<String> iterable(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
