package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sign-in form cannot be posted from another site (login CSRF), {@code Origin: null} proves nothing,
 * and a user can end all their sessions at once.
 */
@ServerTest
class SignInFormTest {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static App app;
    /** HTTP/1.1 as browsers speak it to a plain-http dashboard (the JDK's default h2c upgrade leaves no Host header). */
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String base;

    SignInFormTest(WebServer server) {
        this.base = "http://localhost:" + server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        app = DashboardApps.serve(server, "security:\n  admin-token: admin-token-of-the-sign-in-form-test-0123\n");
    }

    @AfterAll
    static void close() {
        app.close();
    }

    @Test
    void aSignInFormFromAnotherSiteOrFromNowhereIsRefused() throws Exception {
        String link = app.accounts().addUserWithLink("acme", "lea@acme.example");
        // The attacker's page posts its own link to the victim's browser: no sign-in cookie comes with it (SameSite=Strict).
        HttpResponse<String> noCookie = send(HttpRequest.newBuilder(URI.create(base + "/dashboard/sign-in"))
                .header("content-type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString("token=" + link)));
        assertEquals(403, noCookie.statusCode(), noCookie.body());
        assertTrue(noCookie.body().contains("sign-in form's CSRF token"), noCookie.body());
        SignInForm form = SignInForm.open(http, base);
        assertEquals("same-origin", send(HttpRequest.newBuilder(URI.create(base + "/dashboard/sign-in")).GET()).headers()
                        .firstValue("referrer-policy").orElseThrow(),
                "with no-referrer, browsers post the dashboard's own forms with Origin: null");
        HttpResponse<String> forged = send(HttpRequest.newBuilder(URI.create(base + "/dashboard/sign-in"))
                .header("content-type", "application/x-www-form-urlencoded").header("cookie", form.cookie())
                .POST(HttpRequest.BodyPublishers.ofString("sign-in-csrf=forged&token=" + link)));
        assertEquals(403, forged.statusCode(), "the field must be the cookie's token");
        HttpResponse<String> nullOrigin = send(form.post(base, "token=" + link).header("origin", "null"));
        assertEquals(403, nullOrigin.statusCode(), "Origin: null (a sandboxed frame, a data: page) is not the dashboard");
        HttpResponse<String> otherOrigin = send(form.post(base, "token=" + link).header("origin", "https://evil.example"));
        assertEquals(403, otherOrigin.statusCode());
        HttpResponse<String> signedIn = send(form.post(base, "token=" + link).header("origin", "http://" + SignInForm.host(base)));
        assertEquals(303, signedIn.statusCode(), "the refused posts did not use the link up: " + signedIn.body());
    }

    @Test
    void theSessionsFormsRefuseOriginNullToo() throws Exception {
        String cookie = signIn("acme", "max@acme.example");
        String csrf = csrf(get("/dashboard/acme", cookie).body());
        HttpResponse<String> res = send(HttpRequest.newBuilder(URI.create(base + "/dashboard/acme/keys"))
                .header("content-type", "application/x-www-form-urlencoded").header("cookie", cookie).header("origin", "null")
                .POST(HttpRequest.BodyPublishers.ofString("csrf=" + csrf + "&expires=30d")));
        assertEquals(403, res.statusCode(), res.body());
    }

    @Test
    void signingOutEverywhereEndsTheUsersOtherSessions() throws Exception {
        String laptop = signIn("acme", "noa@acme.example");
        String phone = signIn("acme", "noa@acme.example");
        String colleague = signIn("acme", "sam@acme.example");
        assertEquals(200, get("/dashboard/acme", phone).statusCode());
        String page = get("/dashboard/acme", laptop).body();
        assertTrue(page.contains("name=\"everywhere\""), "the page offers it");
        HttpResponse<String> out = send(HttpRequest.newBuilder(URI.create(base + "/dashboard/sign-out"))
                .header("content-type", "application/x-www-form-urlencoded").header("cookie", laptop)
                .POST(HttpRequest.BodyPublishers.ofString("csrf=" + csrf(page) + "&everywhere=1")));
        assertEquals(303, out.statusCode(), out.body());
        assertEquals(303, get("/dashboard/acme", laptop).statusCode());
        assertEquals("/dashboard/sign-in", get("/dashboard/acme", phone).headers().firstValue("location").orElseThrow(),
                "the other browser's session has ended too");
        assertEquals(200, get("/dashboard/acme", colleague).statusCode(), "another user's session stays");
    }

    private String signIn(String org, String email) throws Exception {
        HttpResponse<String> res = send(SignInForm.open(http, base).post(base, "token=" + app.accounts().addUserWithLink(org, email)));
        assertEquals(303, res.statusCode(), res.body());
        String setCookie = res.headers().allValues("set-cookie").stream().filter(c -> c.startsWith(SessionCookie.NAME + "="))
                .findFirst().orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    private HttpResponse<String> get(String path, String cookie) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("cookie", cookie).GET());
    }

    /** Sent to the dashboard's own host, the only one that serves it. */
    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.setHeader("Host", SignInForm.host(base)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String csrf(String html) {
        Matcher m = CSRF.matcher(html);
        assertTrue(m.find(), "the page carries a CSRF token");
        return m.group(1);
    }
}
