package dev.docsassistant.rest;

import dev.docsassistant.app.App;
import dev.docsassistant.render.ContentSecurityPolicy;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.testing.TestSites;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.HttpClientRequest;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A site's root routing readers to the language their browser prefers (docs.json {@code languageRouting}),
 * over HTTP: path- and host-based, the reader's own pick remembered in a cookie, the caching headers,
 * and nothing else redirected.
 */
@ServerTest
class LanguageRoutesTest {
    private static final Path FIXTURE = Path.of("src/test/resources/language-routing").toAbsolutePath();
    private static App app;
    private final WebClient client;

    LanguageRoutesTest(WebClient client) {
        this.client = client;
    }

    /**
     * The fixture as {@code polyglot}, a copy without the switch as {@code plain}, as {@code locked}, behind a password,
     * and as {@code tokened}, behind a JWT sign-in.
     */
    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        try {
            Path plain = TempDirs.create("language-routing-off-");
            TestSites.copyOf(FIXTURE, plain);
            Files.writeString(plain.resolve("docs.json"), Files.readString(plain.resolve("docs.json")).replace("\"languageRouting\": true,", ""));
            app = TestApps.start(TestApps.writeExampleConfig("""
                    sites:
                      - {domain: polyglot, organization: acme, path: %s}
                      - {domain: plain, organization: acme, path: %s}
                      - {domain: locked, organization: acme, path: %s, reader-auth: {method: password, password: "pass phrase"}}
                      - {domain: tokened, organization: acme, path: %s, reader-auth: {method: jwt, jwt: {login-url: "https://app.example.com/login"}}}
                    """.formatted(FIXTURE, plain, FIXTURE, FIXTURE)));
            ServerSetup.configure(server, app);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    static void close() {
        app.close();
    }

    private Reply get(String path, String... headers) {
        HttpClientRequest request = client.get(path).followRedirects(false);
        for (int i = 0; i < headers.length; i += 2) {
            request.header(HeaderNames.create(headers[i]), headers[i + 1]);
        }
        try (HttpClientResponse res = request.request()) {
            return new Reply(res.status().code(), res.headers(), res.entity().hasEntity() ? res.as(String.class) : "");
        }
    }

    @Test
    void theRootSendsEachBrowserToItsLanguage() {
        assertRedirect("/sites/polyglot/fr", get("/sites/polyglot/", "Accept-Language", "fr-FR,fr;q=0.9,en;q=0.8"));
        assertRedirect("/sites/polyglot/pt-BR", get("/sites/polyglot/", "Accept-Language", "pt-PT,pt;q=0.9"));
        assertRedirect("/sites/polyglot/cn", get("/sites/polyglot/", "Accept-Language", "zh-CN"));
        assertRedirect("/sites/polyglot/zh-Hant", get("/sites/polyglot/", "Accept-Language", "zh-TW,zh;q=0.8"));
        assertRedirect("/sites/polyglot/ar", get("/sites/polyglot/", "Accept-Language", "de;q=0.9, ar;q=0.5"));
        assertRedirect("/fr", get("/", "Host", "polyglot.localhost", "Accept-Language", "fr"));
    }

    @Test
    void theDefaultLanguageOrNoMatchServesTheRootItself() {
        for (String accept : new String[] {"en-US,en;q=0.9,fr;q=0.8", "de-DE", "*", ""}) {
            Reply root = get("/sites/polyglot/", "Accept-Language", accept);
            assertEquals(200, root.status(), accept);
            assertTrue(root.body().contains("<h1>Welcome</h1>"), accept);
            assertEquals("Accept, Accept-Language, Cookie", root.header("Vary"), "the root's answer depends on these");
            assertEquals("no-cache", root.header("Cache-Control"));
        }
        Reply none = get("/sites/polyglot/");
        assertEquals(200, none.status(), "no Accept-Language at all");
    }

    @Test
    void theLanguagePickedInTheMenuWinsOverTheBrowsers() {
        Reply english = get("/sites/polyglot/", "Accept-Language", "fr", "Cookie", "docs_language=en");
        assertEquals(200, english.status(), "English picked: the root stays English");
        assertTrue(english.body().contains("<h1>Welcome</h1>"));
        assertRedirect("/sites/polyglot/ar", get("/sites/polyglot/", "Accept-Language", "fr", "Cookie", "other=1; docs_language=ar"));
        assertRedirect("/sites/polyglot/fr", get("/sites/polyglot/", "Accept-Language", "fr", "Cookie", "docs_language=klingon"),
                "a code the site does not have is no pick");
    }

    @Test
    void onlyTheRootIsRouted() {
        Reply page = get("/sites/polyglot/guide", "Accept-Language", "fr");
        assertEquals(200, page.status(), "a page asked for is served as asked");
        assertEquals("Accept", page.header("Vary"));
        Reply markdown = get("/sites/polyglot/index.md", "Accept-Language", "fr");
        assertEquals(200, markdown.status());
        assertTrue(markdown.body().contains("The English home page."));
        Reply agents = get("/sites/polyglot/", "Accept-Language", "fr", "Accept", "text/markdown");
        assertEquals(200, agents.status(), "the root's Markdown for agents");
        assertTrue(agents.body().contains("The English home page."));
        assertEquals(200, get("/sites/polyglot/llms.txt", "Accept-Language", "fr").status());
        Reply api = get("/openapi.json", "Accept-Language", "fr");
        assertEquals(200, api.status());
    }

    @Test
    void aSiteWithoutTheSwitchIsNotRouted() {
        Reply root = get("/sites/plain/", "Accept-Language", "fr");
        assertEquals(200, root.status());
        assertTrue(root.body().contains("<h1>Welcome</h1>"));
        assertEquals("Accept", root.header("Vary"));
        assertTrue(!root.body().contains("\"languageRouting\":true"), "its script remembers nothing");
        assertTrue(get("/sites/polyglot/fr", "Accept-Language", "fr").body().contains("\"languageRouting\":true"));
    }

    @Test
    void theSignInFormSpeaksTheReadersLanguageAmongTheSites() {
        assertSpeaksTheReadersLanguage("/sites/locked/login", "كلمة المرور", "Mot de passe", "Password");
    }

    @Test
    void theTokenSignInPageSpeaksTheReadersLanguageToo() {
        assertSpeaksTheReadersLanguage("/sites/tokened/login/jwt-callback", "رمز تسجيل الدخول", "Jeton de connexion", "Sign-in token");
    }

    @Test
    void whyASignInWasRefusedIsSaidInTheReadersLanguageAndInEnglishToAnApi() {
        Reply form = get("/sites/locked/login", "Accept-Language", "fr-CA");
        Matcher state = Pattern.compile("name=\"state\" value=\"([^\"]+)\"").matcher(form.body());
        assertTrue(state.find(), form.body());
        String cookie = form.header("Set-Cookie").substring(0, form.header("Set-Cookie").indexOf(';'));
        Reply wrong = post("/sites/locked/login", "password=guess&state=" + state.group(1), "text/html", "fr-CA", cookie);
        assertEquals(401, wrong.status());
        assertTrue(wrong.body().contains("<p role=\"alert\">Mot de passe incorrect.</p>"), wrong.body());
        Reply stale = post("/sites/locked/login", "password=guess&state=none", "text/html", "ar", cookie);
        assertEquals(403, stale.status());
        assertTrue(stale.body().contains("<p role=\"alert\">انتهت صلاحية تسجيل الدخول هذا"), stale.body());
        Reply api = post("/sites/locked/login", "password=&state=none", "application/json", "fr-CA", cookie);
        assertEquals(403, api.status());
        assertTrue(api.body().startsWith("{\"message\":\"this sign-in form has expired"), api.body());
    }

    @Test
    void theSignInPagesWearTheSitesColoursUnderAPolicyThatAllowsThemAlone() {
        for (String path : List.of("/sites/locked/login", "/sites/tokened/login/jwt-callback")) {
            Reply page = get(path);
            Matcher style = Pattern.compile("<style>([^<]*)</style>").matcher(page.body());
            assertTrue(style.find() && style.group(1).startsWith(":root{--brand:#0d6efd;"), page.body());
            assertTrue(page.header("Content-Security-Policy").contains("style-src 'self' "
                    + ContentSecurityPolicy.sha256(style.group(1)) + ";"), page.header("Content-Security-Policy"));
            assertTrue(page.body().contains("<title>Sign in · Polyglot</title>")
                    && page.body().contains("<span class=\"brand-name\">Polyglot</span>"), page.body());
        }
    }

    private Reply post(String path, String form, String accept, String language, String cookie) {
        HttpClientRequest request = client.post(path).followRedirects(false)
                .header(HeaderNames.CONTENT_TYPE, "application/x-www-form-urlencoded").header(HeaderNames.ACCEPT, accept)
                .header(HeaderNames.ACCEPT_LANGUAGE, language).header(HeaderNames.COOKIE, cookie);
        try (HttpClientResponse res = request.submit(form)) {
            return new Reply(res.status().code(), res.headers(), res.as(String.class));
        }
    }

    /** A sign-in page in Arabic (right to left), French, and the site's default language (English) for any other. */
    private void assertSpeaksTheReadersLanguage(String path, String arabicLabel, String frenchLabel, String englishLabel) {
        Reply arabic = get(path, "Accept-Language", "ar-EG,ar;q=0.9,en;q=0.5");
        assertEquals(200, arabic.status());
        assertTrue(arabic.body().startsWith("<!doctype html>\n<html lang=\"ar\" dir=\"rtl\" "), arabic.body());
        assertTrue(arabic.body().contains("<h1>تسجيل الدخول</h1>") && arabic.body().contains(">" + arabicLabel + "</label>"), arabic.body());
        Reply french = get(path, "Accept-Language", "fr-CA");
        assertTrue(french.body().contains("<title>Se connecter · ") && french.body().contains(">" + frenchLabel + "</label>"), french.body());
        for (Reply other : List.of(get(path, "Accept-Language", "de"), get(path))) {
            assertTrue(other.body().contains("<html lang=\"en\" ") && other.body().contains("<h1>Sign in</h1>")
                    && other.body().contains(">" + englishLabel + "</label>"), "the site's default language: " + other.body());
        }
    }

    private static void assertRedirect(String location, Reply reply) {
        assertRedirect(location, reply, "");
    }

    private static void assertRedirect(String location, Reply reply, String why) {
        assertEquals(302, reply.status(), why);
        assertEquals(location, reply.header("Location"), why);
        assertEquals("Accept, Accept-Language, Cookie", reply.header("Vary"));
        assertEquals("private, no-cache", reply.header("Cache-Control"));
        assertNull(reply.header("Set-Cookie"), "the server sets no cookie: the reader's pick is the script's");
    }
}
