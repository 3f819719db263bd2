package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.readers.Reader;
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
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Readers page of a site whose readers sign in through OpenID Connect: its settings without the
 * secret, the sign-in to try, the live sessions counted, and "sign everyone out" behind a
 * confirmation and the session's CSRF token.
 */
@ServerTest
class ReadersPageTest {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final String SECRET = "the-client-secret-nobody-sees-4711";
    private static App app;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final int port;

    ReadersPageTest(WebServer server) {
        this.port = server.port();
        this.base = "http://localhost:" + port;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        app = DashboardApps.serve(server, "", "reader-auth: {method: oidc, oidc: {issuer: \"https://id.example.com\", client-id: docs,"
                + " client-secret: " + SECRET + ", scopes: [openid, groups], groups-delimiter: \",\","
                + " logout-url: \"https://id.example.com/logout\"}}");
    }

    @AfterAll
    static void close() {
        app.close();
    }

    @Test
    void theSettingsWithoutSecretsTheSessionsAndSigningEveryoneOut() throws Exception {
        String first = app.readers().sessions().open("acme-docs", reader("jane"));
        app.readers().sessions().open("acme-docs", reader("joe"));
        String cookie = signIn("acme", "ines@acme.example");

        HttpResponse<String> page = get("/dashboard/acme/acme-docs/readers", cookie);
        assertEquals(200, page.statusCode(), page.body());
        String html = page.body();
        for (String shown : List.of("<dd>oidc</dd>", "<dd>https://id.example.com</dd>", "<dd>docs</dd>", "<dd>set (not shown)</dd>",
                "<dd>openid groups</dd>", "claim groups, split at &quot;,&quot;", "<dd>https://id.example.com/logout</dd>",
                "/login/callback</dd>", "/login?redirect=%2F", "<strong>2</strong> live reader sessions",
                "aria-current=\"page\">Readers</a>")) {
            assertTrue(html.contains(shown), shown + " in " + html);
        }
        assertFalse(html.contains(SECRET), "the client secret is never shown");

        assertEquals(403, get("/dashboard/acme/other-docs/readers", cookie).statusCode(), "a site of another organisation");
        String other = signIn("other", "olga@other.example");
        assertEquals(403, get("/dashboard/acme/acme-docs/readers", other).statusCode());
        assertTrue(get("/dashboard/other/other-docs/readers", other).body().contains("Readers do not sign in to this site"));

        HttpResponse<String> confirm = get("/dashboard/acme/acme-docs/readers/sign-out", cookie);
        assertEquals(200, confirm.statusCode());
        assertTrue(confirm.body().contains("Sign everyone out of acme-docs?") && confirm.body().contains("All 2 live sessions"),
                confirm.body());
        assertEquals(2, app.readers().sessions().count("acme-docs"), "the confirmation page changes nothing");

        assertEquals(403, post("/dashboard/acme/acme-docs/readers/sign-out", cookie, "csrf=forged").statusCode());
        assertEquals(403, post("/dashboard/acme/acme-docs/readers/sign-out", other, "csrf=" + csrf(get("/dashboard/other", other).body()))
                .statusCode(), "another organisation's session cannot sign acme's readers out");
        assertEquals(2, app.readers().sessions().count("acme-docs"));

        HttpResponse<String> done = post("/dashboard/acme/acme-docs/readers/sign-out", cookie, "csrf=" + csrf(confirm.body()));
        assertEquals(303, done.statusCode(), done.body());
        assertEquals("/dashboard/acme/acme-docs/readers?signed-out=2", done.headers().firstValue("location").orElseThrow());
        assertEquals(0, app.readers().sessions().count("acme-docs"));
        assertEquals(Optional.empty(), app.readers().sessions().find("acme-docs", first), "the reader's cookie opens nothing now");
        String after = get("/dashboard/acme/acme-docs/readers?signed-out=2", cookie).body();
        assertTrue(after.contains("2 reader sessions ended.") && after.contains("<strong>0</strong> live reader sessions"), after);
    }

    private static Reader reader(String id) {
        return new Reader(Optional.of(id), List.of("enterprise"), null, null, Instant.now().plusSeconds(3600));
    }

    private String signIn(String org, String email) throws Exception {
        HttpResponse<String> res = http.send(SignInForm.open(http, base).post(base, "token=" + app.accounts().addUserWithLink(org, email))
                .build(), HttpResponse.BodyHandlers.ofString());
        String setCookie = res.headers().firstValue("set-cookie").orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    private HttpRequest.Builder dashboard(String path, String cookie) {
        return HttpRequest.newBuilder(URI.create(base + path)).header("Host", "dashboard.localhost:" + port).header("cookie", cookie)
                .version(HttpClient.Version.HTTP_1_1);
    }

    private HttpResponse<String> get(String path, String cookie) throws Exception {
        return http.send(dashboard(path, cookie).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String cookie, String form) throws Exception {
        return http.send(dashboard(path, cookie).header("content-type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String csrf(String html) {
        Matcher m = CSRF.matcher(html);
        assertTrue(m.find(), "the page carries a CSRF token");
        return m.group(1);
    }
}
