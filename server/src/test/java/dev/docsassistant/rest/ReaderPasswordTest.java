package dev.docsassistant.rest;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSetup;
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
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A private site signing readers in with a shared password: pages need a signed-in reader but those
 * marked public; the sign-in form is bound to the browser that loaded it; wrong guesses are limited per
 * address; nothing of a private page reaches anyone not signed in (the leak test), nor a group page a
 * reader without the group.
 */
class ReaderPasswordTest {
    static final String PASSWORD = "correct horse battery staple";
    /** In every private page, and only there. */
    static final String PRIVATE_MARKER = "zqxprivatemarker";
    /** In the admin group's page, and only there. */
    static final String ADMIN_MARKER = "zqxadminmarker";
    private static final Pattern STATE = Pattern.compile("name=\"state\" value=\"([^\"]+)\"");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static App app;
    private static WebServer server;

    @BeforeAll
    static void start() throws Exception {
        Path dir = TempDirs.create("docs-assistant-reader-password-");
        for (String domain : List.of("handbook", "other")) {
            new TestSites(dir.resolve(domain)).file("docs.json", """
                            {"name": "Handbook", "navigation": {"groups": [
                              {"group": "Start", "public": true, "pages": ["index", "intro"]},
                              {"group": "Guides", "pages": ["guide", "admin", "outside"]}]}}""")
                    .page("index", "# Welcome\n\nWelcome to the handbook of the relay.", "title: Home")
                    .page("intro", "# Introduction\n\nThe relay forwards deliveries.", "title: Introduction")
                    .page("guide", "# Deploying\n\nDeploy the relay with " + PRIVATE_MARKER + " in three steps.",
                            "title: Deploying the relay " + PRIVATE_MARKER)
                    .page("admin", "# Admin\n\nRotate the relay keys with " + ADMIN_MARKER + " monthly.",
                            "title: Admin rotation " + ADMIN_MARKER, "groups: [admin]")
                    .page("outside", "# Status\n\nThe relay status page is public.", "title: Status", "public: true");
        }
        Path config = dir.resolve("application.yaml");
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  security: {trusted-proxies: [127.0.0.1/32]}
                  sites:
                    - {domain: handbook, organization: acme, path: handbook, reader-auth: {method: password, password: "%s"}}
                    - {domain: other, organization: acme, path: other, reader-auth: {method: password, password: "other-password"}}
                """.formatted(PASSWORD));
        app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
        WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
        ServerSetup.configure(builder, app);
        server = builder.build().start();
    }

    @AfterAll
    static void stop() {
        server.stop();
        app.close();
    }

    @Test
    void aPrivatePageSendsToSignInAndBackAfter() throws Exception {
        HttpResponse<String> page = get("/sites/handbook/guide", null);
        assertEquals(302, page.statusCode(), page.body());
        assertEquals("/sites/handbook/login?redirect=%2Fsites%2Fhandbook%2Fguide", location(page));
        assertEquals(200, get("/sites/handbook/intro", null).statusCode(), "a group marked public");
        assertEquals(200, get("/sites/handbook/outside", null).statusCode(), "a page marked public");

        String cookie = signIn("handbook", PASSWORD, "/sites/handbook/guide", "203.0.113.1");
        assertTrue(cookie.startsWith("da_reader="), cookie);
        HttpResponse<String> signedIn = get("/sites/handbook/guide", cookie);
        assertEquals(200, signedIn.statusCode());
        assertTrue(signedIn.body().contains(PRIVATE_MARKER));
        assertEquals("private, no-store", signedIn.headers().firstValue("Cache-Control").orElse(""));
        HttpResponse<String> admin = get("/sites/handbook/admin", cookie);
        HttpResponse<String> missing = get("/sites/handbook/no-such-page", cookie);
        assertEquals(404, admin.statusCode(), "a page of a group the reader lacks");
        assertEquals(missing.body().replace("no-such-page", "admin"), admin.body().replace("no-such-page", "admin"),
                "answers exactly like a missing page");
        assertFalse(admin.body().contains(ADMIN_MARKER));

        HttpResponse<String> otherSite = get("/sites/other/guide", cookie);
        assertEquals(302, otherSite.statusCode(), "a reader's cookie opens no other site");
        assertFalse(otherSite.body().contains(PRIVATE_MARKER));

        HttpResponse<String> out = send(HttpRequest.newBuilder(uri("/sites/handbook/logout")).header("Cookie", cookie)
                .POST(HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(303, out.statusCode());
        assertEquals(302, get("/sites/handbook/guide", cookie).statusCode(), "signed out: the session is gone");
    }

    /**
     * A browser showing the sign-in form also asks for {@code /favicon.ico} and other files, and may
     * open the sign-in page in a second tab: none of it makes the form shown refuse its post.
     */
    @Test
    void subresourcesAndASecondSignInPageLeaveTheFormShownValid() throws Exception {
        HttpResponse<String> form = get("/sites/handbook/login?redirect=%2Fsites%2Fhandbook%2Fguide", null);
        String cookie = stateCookie(form);
        for (String path : List.of("/favicon.ico", "/guide", "/logo.png")) {
            HttpResponse<String> sub = send(HttpRequest.newBuilder(uri("/sites/handbook" + path)).header("Cookie", cookie)
                    .header("Sec-Fetch-Dest", "image").header("Accept", "image/avif,image/webp,image/*,*/*;q=0.8").GET().build());
            assertEquals(404, sub.statusCode(), path + " is no page the browser opens: no sign-in starts");
            assertEquals(List.of(), sub.headers().allValues("Set-Cookie"), path);
            assertFalse(sub.body().contains(PRIVATE_MARKER));
        }
        HttpResponse<String> fetched = send(HttpRequest.newBuilder(uri("/sites/handbook/guide")).header("Cookie", cookie)
                .header("Accept", "*/*").GET().build());
        assertEquals(404, fetched.statusCode(), "a script's fetch without Sec-Fetch headers");
        HttpResponse<String> opened = send(HttpRequest.newBuilder(uri("/sites/handbook/guide")).header("Cookie", cookie)
                .header("Sec-Fetch-Dest", "document").header("Accept", "text/html").GET().build());
        assertEquals(302, opened.statusCode(), "the browser opening the page is sent to sign in");
        HttpResponse<String> secondTab = get("/sites/handbook/login", cookie);
        cookie = stateCookie(secondTab);
        HttpResponse<String> posted = send(HttpRequest.newBuilder(uri("/sites/handbook/login"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("X-Forwarded-For", "203.0.113.11")
                .header("Cookie", cookie).POST(HttpRequest.BodyPublishers.ofString("password=" + enc(PASSWORD)
                        + "&state=" + enc(state(form)) + "&redirect=" + enc("/sites/handbook/guide"))).build());
        assertEquals(303, posted.statusCode(), "the first form, posted after a second sign-in page: " + posted.body());
        assertEquals("/sites/handbook/guide", location(posted));
        assertEquals(403, postForm(form, PASSWORD, "/sites/handbook/", "203.0.113.11").statusCode(), "still used once");
    }

    @Test
    void theSessionCookieIsTheHostsAndTheSitesOnly() throws Exception {
        HttpResponse<String> form = get("/sites/handbook/login", null);
        HttpResponse<String> posted = postForm(form, PASSWORD, "/sites/handbook/", "203.0.113.2");
        assertEquals(1, posted.headers().allValues("Set-Cookie").size(),
                "one cookie per answer: a second would be joined into the same line: " + posted.headers().allValues("Set-Cookie"));
        String setCookie = posted.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("da_reader="))
                .findFirst().orElseThrow();
        assertTrue(setCookie.contains("; Path=/sites/handbook/;"), setCookie);
        assertTrue(setCookie.contains("; HttpOnly"), setCookie);
        assertTrue(setCookie.contains("; SameSite=Lax"), setCookie);
        assertFalse(setCookie.toLowerCase().contains("domain="), "host-only: " + setCookie);
        assertFalse(setCookie.contains("Secure"), "plain http here: " + setCookie);
    }

    @Test
    void theRedirectParameterNeverLeavesTheSite() throws Exception {
        for (String evil : List.of("https://evil.example/", "//evil.example/", "/\\evil.example", "/sites/other/guide")) {
            HttpResponse<String> form = get("/sites/handbook/login?redirect=" + URLEncoder.encode(evil, StandardCharsets.UTF_8), null);
            assertFalse(form.body().contains("evil.example"), form.body());
            HttpResponse<String> posted = postForm(form, PASSWORD, evil, "203.0.113.3");
            assertEquals(303, posted.statusCode(), posted.body());
            assertEquals("/sites/handbook/", location(posted), evil);
        }
    }

    @Test
    void aSignInFormNotLoadedByThisBrowserIsRefused() throws Exception {
        HttpResponse<String> form = get("/sites/handbook/login", null);
        String state = state(form);
        // A page elsewhere posting the form: the browser does not send the SameSite=Lax state cookie with it.
        HttpResponse<String> forged = send(HttpRequest.newBuilder(uri("/sites/handbook/login"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("X-Forwarded-For", "203.0.113.4")
                .POST(HttpRequest.BodyPublishers.ofString("password=" + enc(PASSWORD) + "&state=" + state)).build());
        assertEquals(403, forged.statusCode(), forged.body());
        assertTrue(forged.body().contains("\"message\""), forged.body());
        assertTrue(forged.headers().allValues("Set-Cookie").stream().noneMatch(c -> c.startsWith("da_reader=") && !c.startsWith("da_reader=;")));
        // Another browser's state with this one's cookie.
        HttpResponse<String> mine = get("/sites/handbook/login", null);
        HttpResponse<String> mixed = send(HttpRequest.newBuilder(uri("/sites/handbook/login"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("X-Forwarded-For", "203.0.113.4")
                .header("Cookie", stateCookie(mine))
                .POST(HttpRequest.BodyPublishers.ofString("password=" + enc(PASSWORD) + "&state=" + state)).build());
        assertEquals(403, mixed.statusCode());
        // The same form twice: the second post finds its attempt used.
        HttpResponse<String> once = postForm(form, PASSWORD, "/sites/handbook/", "203.0.113.4");
        assertEquals(303, once.statusCode());
        assertEquals(403, postForm(form, PASSWORD, "/sites/handbook/", "203.0.113.4").statusCode());
    }

    @Test
    void tenThousandGuessesAreLimitedAndNothingElseIsSlowed() throws Exception {
        String address = "198.51.100.7";
        int refused = 0;
        int wrong = 0;
        HttpResponse<String> form = get("/sites/handbook/login", null);
        for (int i = 0; i < 10_000; i++) {
            HttpResponse<String> r = postForm(form, "guess-" + i, "/sites/handbook/", address);
            if (r.statusCode() == 429) {
                refused++;
                assertTrue(r.body().contains("\"message\":\"too many wrong passwords"), r.body());
                assertTrue(r.headers().firstValue("Retry-After").isPresent());
            } else {
                assertEquals(401, r.statusCode(), r.body());
                wrong++;
                form = get("/sites/handbook/login", null);
            }
        }
        assertEquals(10, wrong, "ten wrong guesses per address per 15 minutes");
        assertEquals(9_990, refused);
        HttpResponse<String> right = postForm(get("/sites/handbook/login", null), PASSWORD, "/sites/handbook/", address);
        assertEquals(429, right.statusCode(), "even the right password waits");
        HttpResponse<String> page = send(HttpRequest.newBuilder(uri("/sites/handbook/login")).header("Accept", "text/html")
                .header("X-Forwarded-For", address).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("password=x")).build());
        assertEquals(429, page.statusCode());
        assertTrue(page.body().contains("<p role=\"alert\">Too many wrong passwords from this address. Try again in 15 min.</p>"),
                "the sign-in page says so: " + page.body());
        assertEquals(303, postForm(get("/sites/handbook/login", null), PASSWORD, "/sites/handbook/", "198.51.100.8").statusCode(),
                "another address signs in");
        assertEquals(200, get("/sites/handbook/intro", null).statusCode(), "other routes answer");
    }

    /** The leak test: every response a signed-out reader or a reader without the admin group can get. */
    @Test
    void nothingOfAPrivatePageReachesAnyoneWhoMayNotReadIt() throws Exception {
        String reader = signIn("handbook", PASSWORD, "/sites/handbook/", "203.0.113.9");
        List<String> paths = List.of("/", "/index", "/intro", "/outside", "/guide", "/admin", "/guide.md", "/admin.md",
                "/llms.txt", "/llms-full.txt", "/sitemap.xml", "/robots.txt", "/_search?q=deploy+three+steps",
                "/_search?q=rotate+keys+monthly", "/_search?q=relay", "/no-such-page", "/login");
        List<String> leaks = new ArrayList<>();
        for (String path : paths) {
            for (String accept : List.of("text/html", "text/markdown")) {
                HttpResponse<String> out = send(HttpRequest.newBuilder(uri("/sites/handbook" + path)).header("Accept", accept).GET().build());
                assertTrue(out.statusCode() < 500, path + " " + out.statusCode());
                if (out.body().contains(PRIVATE_MARKER) || out.body().contains(ADMIN_MARKER)) {
                    leaks.add("signed out " + path + " (" + accept + ")");
                }
                HttpResponse<String> in = send(HttpRequest.newBuilder(uri("/sites/handbook" + path)).header("Accept", accept)
                        .header("Cookie", reader).GET().build());
                assertTrue(in.statusCode() < 500, path + " " + in.statusCode());
                if (in.body().contains(ADMIN_MARKER)) {
                    leaks.add("reader without admin " + path + " (" + accept + ")");
                }
            }
        }
        assertEquals(List.of(), leaks);
        assertTrue(get("/sites/handbook/_search?q=deploy+three+steps", reader).body().contains(PRIVATE_MARKER),
                "the signed-in reader's search finds the private page (the check above can fail)");
        assertTrue(get("/sites/handbook/llms.txt", null).body().contains("/intro"), "public pages are listed");
    }

    @Test
    void thePagesSearchReadsTheReadersGroupsAndNoneARequestNames() throws Exception {
        Matcher key = Pattern.compile("\"assistantKey\":\"([^\"]+)\"").matcher(get("/sites/handbook/intro", null).body());
        assertTrue(key.find(), "the public page embeds its key");
        String reader = signIn("handbook", PASSWORD, "/sites/handbook/", "203.0.113.10");
        String deploy = "{\"query\": \"deploy the relay in three steps\"}";
        String widen = "{\"query\": \"rotate the relay keys monthly\", \"filter\": {\"groups\": [\"admin\", \"@signed-in\"]}}";
        HttpResponse<String> signedOut = search(key.group(1), null, null, deploy);
        assertEquals(200, signedOut.statusCode(), signedOut.body());
        assertFalse(signedOut.body().contains(PRIVATE_MARKER), signedOut.body());
        HttpResponse<String> signedIn = search(key.group(1), reader, null, deploy);
        assertEquals(200, signedIn.statusCode(), signedIn.body());
        assertTrue(signedIn.body().contains(PRIVATE_MARKER), "the reader's search finds the private page: " + signedIn.body());
        HttpResponse<String> named = search(key.group(1), reader, null, widen);
        assertEquals(200, named.statusCode());
        assertFalse(named.body().contains(ADMIN_MARKER), "a group named in the body widens nothing: " + named.body());
        HttpResponse<String> named2 = search(key.group(1), null, null, widen);
        assertFalse(named2.body().contains(ADMIN_MARKER) || named2.body().contains(PRIVATE_MARKER), named2.body());
        HttpResponse<String> crossOrigin = search(key.group(1), reader, "https://evil.example", deploy);
        assertFalse(crossOrigin.body().contains(PRIVATE_MARKER), "another origin's script reads public pages only");
        HttpResponse<String> otherSite = send(HttpRequest.newBuilder(uri("/v1/search/other")).header("Authorization", "Bearer " + key.group(1))
                .header("Cookie", reader).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(deploy)).build());
        assertFalse(otherSite.body().contains(PRIVATE_MARKER), otherSite.body());
    }

    /**
     * On the loopback names every site shares one host and the reader's cookie has the site's path
     * ({@code /sites/handbook/}): the pages call the API under that path, where the cookie goes, so the
     * search box and Ask AI read the reader's pages; that path serves its own site only.
     */
    @Test
    void onLoopbackNamesThePagesCallTheApiUnderTheSitesPathWhereTheReadersCookieGoes() throws Exception {
        String page = get("/sites/handbook/intro", null).body();
        assertTrue(page.contains("\"api\":\"/sites/handbook/_api\""), "the pages' API base is the site's path");
        Matcher key = Pattern.compile("\"assistantKey\":\"([^\"]+)\"").matcher(page);
        assertTrue(key.find(), "the public page embeds its key");
        String reader = signIn("handbook", PASSWORD, "/sites/handbook/", "203.0.113.13");
        String api = "/sites/handbook/_api";
        String deploy = "{\"query\": \"deploy the relay in three steps\"}";

        HttpResponse<String> signedIn = post(api + "/v1/search/handbook", key.group(1), reader, deploy);
        assertEquals(200, signedIn.statusCode(), signedIn.body());
        assertTrue(signedIn.body().contains(PRIVATE_MARKER), "the reader's search box finds the private page: " + signedIn.body());
        HttpResponse<String> signedOut = post(api + "/v1/search/handbook", key.group(1), null, deploy);
        assertEquals(200, signedOut.statusCode(), signedOut.body());
        assertFalse(signedOut.body().contains(PRIVATE_MARKER), signedOut.body());

        String ask = """
                {"fp": "anon-loopback", "messages": [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": "How do I deploy the relay?"}]}]}""";
        HttpResponse<String> answer = post(api + "/v2/assistant/handbook/message", key.group(1), reader, ask);
        assertEquals(200, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains(PRIVATE_MARKER), "Ask AI reads the private page: " + answer.body());
        HttpResponse<String> publicAnswer = post(api + "/v2/assistant/handbook/message", key.group(1), null, ask);
        assertEquals(200, publicAnswer.statusCode(), publicAnswer.body());
        assertFalse(publicAnswer.body().contains(PRIVATE_MARKER), publicAnswer.body());

        for (String path : List.of(api + "/v1/search/other", api + "/admin/v1/organizations", api + "/v1/chat/completions",
                "/sites/other/_api/v1/search/handbook")) {
            HttpResponse<String> refused = post(path, key.group(1), reader, deploy);
            assertEquals(404, refused.statusCode(), path + ": " + refused.body());
            assertFalse(refused.body().contains(PRIVATE_MARKER), refused.body());
        }
    }

    private static HttpResponse<String> post(String path, String key, String cookie, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return send(b.build());
    }

    /**
     * The OpenAI-compatible completion with a reader's session token as bearer (what the site's OAuth
     * issues): that reader's pages; with the page key alone, public pages; a session of another site,
     * or none, refused.
     */
    @Test
    void theOpenAiCompletionWithAReadersTokenReadsThatReadersPagesOnly() throws Exception {
        Matcher key = Pattern.compile("\"assistantKey\":\"([^\"]+)\"").matcher(get("/sites/handbook/intro", null).body());
        assertTrue(key.find(), "the public page embeds its key");
        String token = signIn("handbook", PASSWORD, "/sites/handbook/", "203.0.113.11").substring("da_reader=".length());
        String otherToken = signIn("other", "other-password", "/sites/other/", "203.0.113.12").substring("da_reader=".length());
        String deploy = "deploy the relay in three steps";
        String rotate = "rotate the relay keys monthly";

        HttpResponse<String> reader = completion(token, deploy);
        assertEquals(200, reader.statusCode(), reader.body());
        assertTrue(reader.body().contains(PRIVATE_MARKER), "the reader's answer reads the private page: " + reader.body());
        HttpResponse<String> withoutGroup = completion(token, rotate);
        assertEquals(200, withoutGroup.statusCode(), withoutGroup.body());
        HttpResponse<String> signedOut = completion(key.group(1), deploy);
        assertEquals(200, signedOut.statusCode(), signedOut.body());
        HttpResponse<String> otherSite = completion(otherToken, deploy);
        assertEquals(401, otherSite.statusCode(), "a session of another site is no credential here: " + otherSite.body());
        HttpResponse<String> none = completion(null, deploy);
        assertEquals(401, none.statusCode(), none.body());
        List<String> leaks = new ArrayList<>();
        for (HttpResponse<String> r : List.of(withoutGroup, signedOut, otherSite, none)) {
            if (r.body().contains(ADMIN_MARKER) || r != withoutGroup && r.body().contains(PRIVATE_MARKER)) {
                leaks.add(r.body());
            }
        }
        assertEquals(List.of(), leaks);
        assertTrue(completion(key.group(1), rotate).body().contains("\"citations\""), "answers have citations to look into");
    }

    private static HttpResponse<String> completion(String bearer, String question) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri("/v1/chat/completions")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"model\": \"handbook\", \"messages\": [{\"role\": \"user\", \"content\": \""
                        + question + "\"}]}"));
        if (bearer != null) {
            b.header("Authorization", "Bearer " + bearer);
        }
        return send(b.build());
    }

    private static HttpResponse<String> search(String key, String cookie, String origin, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri("/v1/search/handbook")).header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        if (origin != null) {
            b.header("Origin", origin);
        }
        return send(b.build());
    }

    // --- helpers ---

    /** Signs in through the form as a browser does; returns the session cookie ({@code name=value}). */
    static String signIn(String domain, String password, String redirect, String address) throws Exception {
        HttpResponse<String> form = get("/sites/" + domain + "/login", null);
        HttpResponse<String> posted = postForm(form, password, redirect, address);
        assertEquals(303, posted.statusCode(), posted.body());
        return posted.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("da_reader="))
                .map(c -> c.substring(0, c.indexOf(';'))).findFirst().orElseThrow();
    }

    private static HttpResponse<String> postForm(HttpResponse<String> form, String password, String redirect, String address)
            throws Exception {
        String path = form.uri().getPath();
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .header("X-Forwarded-For", address).header("Cookie", stateCookie(form))
                .POST(HttpRequest.BodyPublishers.ofString("password=" + enc(password) + "&state=" + enc(state(form))
                        + "&redirect=" + enc(redirect))).build());
    }

    private static String state(HttpResponse<String> form) {
        Matcher m = STATE.matcher(form.body());
        assertTrue(m.find(), form.body());
        return m.group(1);
    }

    private static String stateCookie(HttpResponse<String> form) {
        return form.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("da_reader_state="))
                .map(c -> c.substring(0, c.indexOf(';'))).findFirst().orElseThrow();
    }

    private static String location(HttpResponse<String> r) {
        return r.headers().firstValue("Location").orElse("");
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static HttpResponse<String> get(String path, String cookie) throws Exception {
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
