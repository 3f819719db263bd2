package dev.docsassistant.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.app.SiteHost;
import dev.docsassistant.deploy.DeploySettings;
import dev.docsassistant.deploy.Deployment;
import dev.docsassistant.deploy.DeploymentStatus;
import dev.docsassistant.deploy.TarGzWriter;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import dev.docsassistant.web.Json;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Deployments page over real HTTP: versions uploaded through the admin API listed with their
 * problems, rollback with the Activate button (and only with the session's CSRF token), preview links,
 * sites created at run time, and another organisation's user kept out.
 */
@ServerTest
class DeploymentsPageTest {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final String ADMIN_TOKEN = "admin-token-of-the-deployments-page-test-0123456789";
    private static App app;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final int port;

    DeploymentsPageTest(WebServer server) {
        this.port = server.port();
        this.base = "http://localhost:" + port;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        app = DashboardApps.serve(server, "search: {mode: keyword}\ndeployments: {retire-after: 300ms}\nsecurity:\n  admin-token: "
                + ADMIN_TOKEN + "\n");
    }

    @AfterAll
    static void close() {
        app.close();
    }

    @Test
    void historyRollbackAndPreviewsOnTheDeploymentsPage() throws Exception {
        Path dir = TempDirs.create("docs-assistant-deployments-page-");
        String cookie = signIn("acme", "dana@acme.example");
        String path = "/dashboard/acme/acme-docs/deployments";
        HttpResponse<String> initial = get(path, cookie);
        assertEquals(200, initial.statusCode(), initial.body());
        assertTrue(initial.body().contains("aria-current=\"page\">Deployments</a>"), "the site's tabs name the page");
        assertTrue(get("/dashboard/acme/acme-docs", cookie).body().contains("href=\"" + path + "\""), "the other tabs link to it");
        String configured = app.deployments().list("acme-docs").getLast().id();
        String configuredRow = row(initial.body(), configured);
        assertTrue(configuredRow.contains("folder <code class=\"id\"") && configuredRow.contains("by config"),
                "start-up deployed the configured folder: " + configuredRow);
        String active = app.deployments().site("acme-docs").orElseThrow().activeDeployment().orElseThrow();
        assertTrue(row(initial.body(), active).contains("class=\"status-active\">active<"), initial.body());

        String v1 = deploy(version(dir.resolve("v1"), 1));
        assertEquals(DeploymentStatus.ACTIVE, status(v1));
        String broken = deploy(version(dir.resolve("broken"), 2).file("docs.json", """
                {"name": "Relay", "navigation": {"groups": [{"group": "G", "pages": ["index", "launch", "gone<b>"]}]}}""")
                .file("launch.mdx", "---\ntitle: [unclosed\n---\n\nzeppelin9\n"));
        assertEquals(DeploymentStatus.FAILED, status(broken));
        String v2 = deploy(version(dir.resolve("v2"), 2));
        assertEquals(DeploymentStatus.ACTIVE, status(v2));
        assertTrue(page("/launch").body().contains("zeppelin2"));

        HttpResponse<String> listed = get(path, cookie);
        String html = listed.body();
        assertTrue(html.indexOf(v2) < html.indexOf(broken) && html.indexOf(broken) < html.indexOf(v1)
                && html.indexOf(v1) < html.indexOf(configured), "newest first");
        String failedRow = row(html, broken);
        assertTrue(failedRow.contains("status-failed"), failedRow);
        assertFalse(failedRow.contains("Activate"), "a failed deployment cannot be activated");
        assertTrue(failedRow.contains("page &#39;gone&lt;b&gt;&#39; has no file") && !failedRow.contains("gone<b>"),
                "its problem, escaped: " + failedRow);
        assertTrue(Pattern.compile("launch\\.mdx:\\d+:\\d+").matcher(failedRow).find(), "with file:line:column: " + failedRow);
        assertTrue(failedRow.contains("<details open>"), "errors are shown open");
        String v1Row = row(html, v1);
        assertTrue(v1Row.contains("status-superseded") && v1Row.contains("archive <code>") && v1Row.contains("by admin"), v1Row);
        assertTrue(v1Row.contains(">Activate</a>") && v1Row.contains(">1<"), "pages and the button: " + v1Row);
        assertFalse(row(html, v2).contains("Activate"), "the active one has no button");

        // The Activate button opens a confirmation step: reading it switches nothing; its form posts the switch.
        String activate = path + "/" + v1 + "/activate";
        assertTrue(v1Row.contains("href=\"" + activate + "\""), v1Row);
        HttpResponse<String> confirm = get(activate, cookie);
        assertEquals(200, confirm.statusCode());
        assertTrue(confirm.body().contains("<form method=\"post\" action=\"" + activate + "\"") && confirm.body().contains("Cancel"),
                confirm.body());
        assertEquals(DeploymentStatus.ACTIVE, status(v2), "asking switches nothing");

        // Activate without the token, with a wrong one, from another origin: 403 and nothing changes.
        assertEquals(403, post(activate, cookie, "").statusCode());
        assertEquals(403, post(activate, cookie, "csrf=forged").statusCode());
        String csrf = csrf(html);
        assertEquals(403, send(dashboard(activate).header("cookie", cookie).header("origin", "http://evil.example")
                .header("content-type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString("csrf=" + csrf)))
                .statusCode());
        assertEquals(401, post(activate, null, "csrf=" + csrf).statusCode(), "no session");
        assertEquals(DeploymentStatus.ACTIVE, status(v2));
        assertTrue(page("/launch").body().contains("zeppelin2"));

        HttpResponse<String> failedActivation = post(path + "/" + broken + "/activate", cookie, "csrf=" + csrf);
        assertEquals(409, failedActivation.statusCode());
        assertTrue(failedActivation.body().contains("is failed"), failedActivation.body());
        assertEquals(DeploymentStatus.ACTIVE, status(v2));

        // With the token: a rollback to version 1, then the flash message on the page redirected to.
        HttpResponse<String> rolledBack = post(activate, cookie, "csrf=" + csrf);
        assertEquals(303, rolledBack.statusCode(), rolledBack.body());
        String location = rolledBack.headers().firstValue("location").orElseThrow();
        assertEquals(path + "?activated=" + v1, location);
        assertEquals(DeploymentStatus.ACTIVE, status(v1));
        assertEquals(DeploymentStatus.SUPERSEDED, status(v2));
        assertEquals(404, page("/launch").statusCode(), "version 1 has no launch page");
        assertTrue(page("/").body().contains("Release 1"), "the site serves version 1");
        String after = get(location, cookie).body();
        assertTrue(after.contains("role=\"status\"><p>Deployment " + v1 + " is active"), after);
        assertTrue(row(after, v2).contains(">Activate</a>"), "the replaced version can be activated again");
        assertFalse(get(path + "?activated=%3Cscript%3E", cookie).body().contains("role=\"status\""), "nothing of the query is echoed");

        // A preview is listed with its own address on the port the dashboard answers on.
        String preview = deploy(version(dir.resolve("pr"), 3), "?preview=pr-7");
        assertEquals(DeploymentStatus.READY, status(preview));
        String previewRow = row(get(path, cookie).body(), preview);
        assertTrue(previewRow.contains("href=\"http://acme-docs--pr-7.localhost:" + port + "/\""), previewRow);
        assertTrue(previewRow.contains(">Activate</a>"), "a ready preview can be promoted");
    }

    @Test
    void anotherOrganisationCannotSeeOrActivate() throws Exception {
        Path dir = TempDirs.create("docs-assistant-deployments-page-");
        String first = app.deployments().list("acme-docs").getLast().id();
        String latest = deploy(version(dir.resolve("v1"), 1));
        String otherCookie = signIn("other", "olga@other.example");
        String otherCsrf = csrf(get("/dashboard/other/other-docs/deployments", otherCookie).body());
        for (String path : List.of("/dashboard/acme/acme-docs/deployments", "/dashboard/other/acme-docs/deployments")) {
            HttpResponse<String> res = get(path, otherCookie);
            assertEquals(403, res.statusCode(), path);
            assertFalse(res.body().contains(latest), path);
        }
        for (String path : List.of("/dashboard/acme/acme-docs/deployments/" + first + "/activate",
                "/dashboard/other/acme-docs/deployments/" + first + "/activate",
                "/dashboard/other/other-docs/deployments/" + first + "/activate")) {
            assertEquals(403, post(path, otherCookie, "csrf=" + otherCsrf).statusCode(), path);
            assertEquals(403, get(path, otherCookie).statusCode(), "nor its confirmation step: " + path);
        }
        assertEquals(latest, app.deployments().site("acme-docs").orElseThrow().activeDeployment().orElseThrow(), "nothing changed");
    }

    @Test
    void aSiteCreatedAtRunTimeIsListedWithNoDeploymentsYet() throws Exception {
        HttpResponse<String> created = admin(adminRequest("/admin/v1/sites").header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"domain\": \"acme-new\", \"organization\": \"acme\"}")));
        assertEquals(201, created.statusCode(), created.body());
        String cookie = signIn("acme", "ines@acme.example");
        assertTrue(get("/dashboard/acme", cookie).body().contains("href=\"/dashboard/acme/acme-new/deployments\""),
                "the organisation lists it, at its Deployments page while nothing is served");
        HttpResponse<String> empty = get("/dashboard/acme/acme-new/deployments", cookie);
        assertEquals(200, empty.statusCode(), empty.body());
        assertTrue(empty.body().contains("class=\"empty\">No deployments yet"), empty.body());
        assertFalse(empty.body().contains("<table class=\"deployments\""));
        assertEquals(404, get("/dashboard/acme/acme-new", cookie).statusCode(), "nothing served yet: no insights");
        assertEquals(403, get("/dashboard/other/acme-new/deployments", signIn("other", "omar@other.example")).statusCode());
    }

    @Test
    void previewLinksNameTheSiteHostAndPort() {
        SiteHost host = new SiteHost(".docs.example.com");
        assertEquals("http://relay--pr-7.docs.example.com:8080/", DeploymentsPage.previewLink(host, "relay", "pr-7", "dashboard.docs.example.com:8080", false));
        assertEquals("https://relay--main.docs.example.com/", DeploymentsPage.previewLink(host, "relay", "main", "dashboard.docs.example.com", true));
    }

    /** Version {@code n}: a home page naming it, and from version 2 a page "launch". */
    private static TestSites version(Path dir, int n) {
        TestSites site = new TestSites(dir).file("docs.json", """
                        {"name": "Relay", "navigation": {"groups": [{"group": "Guides", "pages": ["index"%s]}]}}"""
                        .formatted(n >= 2 ? ", \"launch\"" : ""))
                .page("index", "Welcome to Relay. Release " + n + ".", "title: Home");
        return n >= 2 ? site.page("launch", "The launch checklist mentions zeppelin" + n + ".", "title: Launch") : site;
    }

    private String deploy(TestSites site) throws Exception {
        return deploy(site, "");
    }

    /** Uploads the folder through the admin API and waits for its build to end. */
    private String deploy(TestSites site, String query) throws Exception {
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        TarGzWriter.pack(site.dir(), tar, DeploySettings.DEFAULTS);
        HttpResponse<String> res = admin(adminRequest("/admin/v1/sites/acme-docs/deployments" + query)
                .header("content-type", "application/gzip").POST(HttpRequest.BodyPublishers.ofByteArray(tar.toByteArray())));
        assertEquals(202, res.statusCode(), res.body());
        JsonNode accepted = Json.MAPPER.readTree(res.body());
        Deployment d = app.deployments().get("acme-docs", accepted.path("id").asText()).orElseThrow();
        app.deployments().settled(d).get(60, java.util.concurrent.TimeUnit.SECONDS);
        return d.id();
    }

    private static DeploymentStatus status(String id) {
        return app.deployments().get("acme-docs", id).orElseThrow().status();
    }

    /** The table row of a deployment. */
    private static String row(String html, String id) {
        int start = html.indexOf("<tr data-deployment-id=\"" + id + "\"");
        assertTrue(start >= 0, "listed: " + id);
        return html.substring(start, html.indexOf("</tr>", start));
    }

    /** A page of the site, through the path-based form on localhost. */
    private HttpResponse<String> page(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + "/sites/acme-docs" + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private String signIn(String org, String email) throws Exception {
        HttpResponse<String> res = http.send(SignInForm.open(http, base).post(base, "token=" + app.accounts().addUserWithLink(org, email))
                .build(), HttpResponse.BodyHandlers.ofString());
        String setCookie = res.headers().firstValue("set-cookie").orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    private HttpRequest.Builder adminRequest(String path) {
        return dashboard(path).header("authorization", "Bearer " + ADMIN_TOKEN);
    }

    private HttpResponse<String> admin(HttpRequest.Builder req) throws Exception {
        return send(req);
    }

    /** A request on the dashboard's own host; HTTP/1.1, or the client would send the URI's :authority. */
    private HttpRequest.Builder dashboard(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).header("Host", "dashboard.localhost:" + port)
                .version(HttpClient.Version.HTTP_1_1).timeout(Duration.ofSeconds(60));
    }

    private HttpResponse<String> send(HttpRequest.Builder req) throws Exception {
        return http.send(req.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path, String cookie) throws Exception {
        HttpRequest.Builder req = dashboard(path).GET();
        return send(cookie == null ? req : req.header("cookie", cookie));
    }

    private HttpResponse<String> post(String path, String cookie, String form) throws Exception {
        HttpRequest.Builder req = dashboard(path).header("content-type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        return send(cookie == null ? req : req.header("cookie", cookie));
    }

    private static String csrf(String html) {
        Matcher m = CSRF.matcher(html);
        assertTrue(m.find(), "the page carries a CSRF token");
        return m.group(1);
    }
}
