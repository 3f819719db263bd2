package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.ReaderJwtLogin;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Readers signed in by the customer's login flow: a JWT of the user data, signed EdDSA with the
 * private key the admin API made, posted from {@code /login/jwt-callback#<jwt>}. Every token that is
 * not exactly that is refused and signs no one in.
 */
class ReaderJwtTest {
    private static final String ADMIN = "an-admin-token-of-at-least-32-characters";
    private static final String MARKER = "zqxjwtprivatemarker";
    private static final String ADMIN_MARKER = "zqxjwtadminmarker";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static App app;
    private static WebServer server;
    private static ReaderJwtLogin login;
    private static JsonNode made;

    @BeforeAll
    static void start() throws Exception {
        Path dir = TempDirs.create("docs-assistant-reader-jwt-");
        new TestSites(dir.resolve("portal")).file("docs.json", """
                        {"name": "Portal", "navigation": {"groups": [{"group": "G", "pages": ["index", "guide", "admin", "welcome"]}]}}""")
                .page("welcome", "# Welcome back\n\nHello {user.firstName}! Your plan: {user.org?.plan}.", "title: Welcome", "public: true")
                .page("index", "# Welcome\n\nThe portal.", "title: Home", "public: true")
                .page("guide", "# Guide\n\nThe guide says " + MARKER + ".", "title: Guide")
                .page("admin", "# Admin\n\nOnly admins read " + ADMIN_MARKER + ".", "title: Admin", "groups: [admin]");
        Path config = dir.resolve("application.yaml");
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  security: {admin-token: %s}
                  sites:
                    - domain: portal
                      organization: acme
                      path: portal
                      reader-auth: {method: jwt, jwt: {login-url: "https://app.example.com/docs-login"}}
                """.formatted(ADMIN));
        app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
        WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
        ServerSetup.configure(builder, app);
        server = builder.build().start();
        login = ReaderJwtLogin.makeKey(server.port(), "portal", ADMIN);
        made = login.made();
    }

    @AfterAll
    static void stop() {
        server.stop();
        app.close();
    }

    @Test
    void theCustomersLoginSignsTheReaderInWithTheirGroups() throws Exception {
        HttpResponse<String> guide = get("/sites/portal/guide", null);
        assertEquals(302, guide.statusCode());
        HttpResponse<String> login = get(guide.headers().firstValue("Location").orElseThrow(), null);
        assertEquals(303, login.statusCode());
        assertEquals("https://app.example.com/docs-login?redirect=%2Fsites%2Fportal%2Fguide",
                login.headers().firstValue("Location").orElseThrow(), "the customer's login, with the page to return to");

        Map<String, Object> user = user(60);
        user.put("groups", List.of("admin"));
        user.put("content", Map.of("firstName", "<i>Jane</i>", "org", Map.of("plan", "Pro")));
        HttpResponse<String> signedIn = callback(sign(user), "/sites/portal/admin");
        assertEquals(303, signedIn.statusCode(), signedIn.body());
        assertEquals("/sites/portal/admin", signedIn.headers().firstValue("Location").orElseThrow());
        String cookie = sessionCookie(signedIn);
        assertTrue(get("/sites/portal/admin", cookie).body().contains(ADMIN_MARKER));
        assertTrue(get("/sites/portal/guide", cookie).body().contains(MARKER));
        String welcome = get("/sites/portal/welcome", cookie).body();
        assertTrue(welcome.contains("Hello &lt;i&gt;Jane&lt;/i&gt;! Your plan: Pro."), "the reader's values, escaped");
        String anonymous = get("/sites/portal/welcome", null).body();
        assertTrue(anonymous.contains("Hello ! Your plan: ."), "a reader not signed in is an empty object");
        assertFalse(anonymous.contains("zzdareader") || welcome.contains("zzdareader"));

        HttpResponse<String> page = get("/sites/portal/login/jwt-callback", null);
        assertEquals(200, page.statusCode());
        String csp = page.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertTrue(csp.contains("script-src 'sha256-") && !csp.contains("unsafe"), csp);
        assertEquals(64, made.get("publicKey").get("x").asText().length() + 21, "a 32-byte Ed25519 public key");
        assertFalse(made.toString().contains("\"d\""), "the public JWK holds no private part");
    }

    @Test
    void everyBadTokenIsRefusedAndSignsNoOneIn() throws Exception {
        long now = System.currentTimeMillis() / 1000;
        Map<String, String> refused = new LinkedHashMap<>();
        Map<String, Object> expired = user(60);
        expired.put("exp", now - 120);
        refused.put("expired", sign(expired));
        Map<String, Object> early = user(600);
        early.put("nbf", now + 300);
        refused.put("not yet valid", sign(early));
        Map<String, Object> future = user(600);
        future.put("iat", now + 300);
        refused.put("issued in the future", sign(future));
        Map<String, Object> noExp = user(60);
        noExp.remove("exp");
        refused.put("no exp", sign(noExp));
        Map<String, Object> otherHost = user(60);
        otherHost.put("host", "docs.other.example");
        refused.put("another site's host", sign(otherHost));
        refused.put("alg none", new PlainJWT(JWTClaimsSet.parse(user(60))).serialize());
        SignedJWT hmac = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), JWTClaimsSet.parse(user(60)));
        hmac.sign(new MACSigner(Base64URL.from(made.get("publicKey").get("x").asText()).decode()));
        refused.put("HS256 keyed with the public key", hmac.serialize());
        String good = sign(user(60));
        String[] parts = good.split("\\.");
        Map<String, Object> widened = user(60);
        widened.put("groups", List.of("admin"));
        refused.put("tampered", parts[0] + "." + Base64URL.encode(JSON.writeValueAsBytes(widened)) + "." + parts[2]);
        refused.put("signed with another key", sign(user(60), new com.nimbusds.jose.jwk.gen.OctetKeyPairGenerator(Curve.Ed25519).generate()));
        refused.put("not a JWT", "not-a-jwt");
        Map<String, Object> badGroups = user(60);
        badGroups.put("groups", "admin");
        refused.put("groups not an array", sign(badGroups));
        for (Map.Entry<String, String> bad : refused.entrySet()) {
            HttpResponse<String> r = callback(bad.getValue(), "/sites/portal/guide");
            assertTrue(r.statusCode() == 400 || r.statusCode() == 401, bad.getKey() + ": " + r.statusCode() + " " + r.body());
            assertTrue(r.body().startsWith("{\"message\":"), bad.getKey() + ": " + r.body());
            assertTrue(r.headers().allValues("Set-Cookie").stream().noneMatch(c -> c.matches("da_reader=[^;].*")), bad.getKey());
            assertFalse(r.body().contains(MARKER), bad.getKey());
        }
        assertEquals(303, callback(good, "/sites/portal/guide").statusCode(), "the checks above can pass");
    }

    /**
     * A browser posting a refused token (the callback page's script does, with {@code Accept:
     * text/html}) is shown a page of the site: its layout, the reason, a link to sign in again that
     * returns to the page asked for; an API client still gets {@code {"message"}}.
     */
    @Test
    void aRefusedSignInIsAPageOfTheSiteForABrowserAndJsonForOtherClients() throws Exception {
        Map<String, Object> expired = user(60);
        expired.put("exp", System.currentTimeMillis() / 1000 - 120);
        String[] parts = sign(user(60)).split("\\.");
        Map<String, Object> widened = user(60);
        widened.put("groups", List.of("admin"));
        Map<String, String> refused = Map.of(
                "the token is not signed with this site's key", parts[0] + "." + Base64URL.encode(JSON.writeValueAsBytes(widened)) + "." + parts[2],
                "the token is not valid now: Expired JWT", sign(expired));
        for (Map.Entry<String, String> bad : refused.entrySet()) {
            HttpResponse<String> page = callback(bad.getValue(), "/sites/portal/guide", "text/html,application/xhtml+xml");
            assertEquals(401, page.statusCode(), page.body());
            assertEquals("text/html; charset=utf-8", page.headers().firstValue("Content-Type").orElse(""));
            assertTrue(page.body().contains("<header class=\"topbar\">") && page.body().contains("<title>Sign-in failed"),
                    "the site's layout: " + page.body());
            assertTrue(page.body().contains("<p role=\"alert\">" + bad.getKey().replace("'", "&#39;")), page.body());
            assertTrue(page.body().contains("href=\"/sites/portal/login?redirect=%2Fsites%2Fportal%2Fguide\""), "a link to sign in again");
            assertTrue(page.headers().firstValue("Content-Security-Policy").isPresent());
            assertFalse(page.body().contains(MARKER) || page.body().contains(ADMIN_MARKER), page.body());
            assertTrue(page.headers().allValues("Set-Cookie").stream().noneMatch(c -> c.matches("da_reader=[^;].*")));

            HttpResponse<String> api = callback(bad.getValue(), "/sites/portal/guide", "application/json");
            assertEquals(401, api.statusCode());
            assertTrue(JSON.readTree(api.body()).path("message").asText().startsWith(bad.getKey()), api.body());
        }
        HttpResponse<String> forged = send(HttpRequest.newBuilder(uri("/sites/portal/login/jwt-callback"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "text/html")
                .POST(HttpRequest.BodyPublishers.ofString("token=" + sign(user(60)) + "&state=forged")).build());
        assertEquals(403, forged.statusCode(), forged.body());
        assertTrue(forged.body().contains("<header class=\"topbar\">") && forged.body().contains("<p role=\"alert\">This sign-in has expired, was used already or was not started in this browser."),
                forged.body());
        assertTrue(forged.body().contains("href=\"/sites/portal/login?redirect=%2Fsites%2Fportal%2F\""), forged.body());
    }

    @Test
    void aTokenPostedWithoutTheCallbackPagesStateIsRefused() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/sites/portal/login/jwt-callback"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("token=" + sign(user(60)) + "&state=forged")).build());
        assertEquals(403, r.statusCode(), r.body());
        assertTrue(r.headers().allValues("Set-Cookie").stream().noneMatch(c -> c.matches("da_reader=[^;].*")));
    }

    // --- helpers ---

    private static Map<String, Object> user(long seconds) {
        return ReaderJwtLogin.user(seconds);
    }

    private static String sign(Map<String, Object> claims) throws Exception {
        return login.sign(claims);
    }

    private static String sign(Map<String, Object> claims, OctetKeyPair key) throws Exception {
        return ReaderJwtLogin.sign(claims, key);
    }

    private static HttpResponse<String> callback(String token, String redirect) throws Exception {
        return login.callback(token, redirect);
    }

    private static HttpResponse<String> callback(String token, String redirect, String accept) throws Exception {
        return login.callback(token, redirect, accept);
    }

    private static String sessionCookie(HttpResponse<String> r) {
        return ReaderJwtLogin.sessionCookie(r);
    }

    private static HttpResponse<String> get(String path, String cookie) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).GET();
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return send(b.build());
    }

    private static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }
}
