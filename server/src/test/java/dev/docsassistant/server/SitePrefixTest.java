package dev.docsassistant.server;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.webclient.api.HttpClientRequest;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A site served under a path prefix ({@code sites[].path-prefix: /docs}) on its own host, as a
 * reverse proxy forwarding {@code /docs/*} unchanged reaches it: every URL its pages, files for agents,
 * redirects and cookies name is under the prefix and answers there; nothing outside it answers on
 * that host.
 */
@ServerTest
class SitePrefixTest {
    private static final String HOST = "example.test";
    private static final String READERS_HOST = "private.test";
    private static final String LANGUAGES_HOST = "langs.example.test";
    private static final String PASSWORD = "prefix-test-password";
    /** Any site-relative URL in a page: href, src, action, srcset's first, content of og: tags. */
    private static final Pattern URL_ATTRIBUTE = Pattern.compile("(?:href|src|action|content)=\"([^\"]*)\"");
    private static App app;
    private final WebClient client;
    private final int port;

    SitePrefixTest(WebServer server) {
        this.port = server.port();
        this.client = WebClient.builder().baseUri("http://127.0.0.1:" + port).followRedirects(false).build();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        app = Bootstrap.start(AppConfig.load(config()), new PrintStream(OutputStream.nullOutputStream()));
        ServerSetup.configure(server, app);
    }

    /**
     * Site acme under /docs of example.test (its url given without the prefix), site handbook under
     * /help/ of private.test, readers signing in with a password, site plain at the root of its host, and
     * site polyglot (routing its root by language) under /docs of its own host.
     */
    private static Path config() throws IOException {
        Path dir = TempDirs.create("docs-assistant-prefix-");
        new TestSites(dir.resolve("acme")).file("docs.json", """
                        {"name": "Acme", "logo": "/images/logo.svg", "favicon": "/images/favicon.svg",
                         "navbar": {"links": [{"label": "Guide", "href": "/guides/retries"}]},
                         "redirects": [{"source": "/old-retries", "destination": "/guides/retries"}],
                         "navigation": {"groups": [{"group": "Start", "pages": ["index", "guides/retries", "guides/limits", "changelog"]}]}}""")
                .file("images/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>")
                .file("images/favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>")
                .file("images/flow.png", "not really a png")
                .page("index", "# Welcome\n\nRead about [retries](/guides/retries) and [limits](./guides/limits.mdx).\n\n"
                        + "![Flow](/images/flow.png)", "title: Home", "description: The relay docs")
                .page("guides/retries", "# Retries\n\nFailed deliveries are retried five times, an hour apart.", "title: Retries")
                .page("guides/limits", "# Limits\n\nA key sends 100 requests a minute.", "title: Limits")
                .page("changelog", "<Update label=\"2026-03\" description=\"March\">\n\n## Faster retries\n\nRetries start sooner."
                        + "\n\n</Update>", "title: Changelog");
        new TestSites(dir.resolve("handbook")).file("docs.json", """
                        {"name": "Handbook", "navigation": {"groups": [{"group": "Start", "pages": ["index"]}]}}""")
                .page("index", "# Handbook\n\nThe on-call rota.", "title: Handbook");
        Files.writeString(dir.resolve("application.yaml"), """
                docs-assistant:
                  data-dir: data
                  sites:
                    - {domain: acme, organization: acme, path: acme, url: "https://%s", path-prefix: /docs}
                    - {domain: handbook, organization: acme, path: handbook, url: "https://%s/help", path-prefix: /help/,
                       reader-auth: {method: password, password: "%s"}}
                    - {domain: plain, organization: acme, path: acme}
                    - {domain: polyglot, organization: acme, path: "%s", url: "https://%s", path-prefix: /docs}
                """.formatted(HOST, READERS_HOST, PASSWORD, Path.of("src/test/resources/language-routing").toAbsolutePath(), LANGUAGES_HOST));
        return dir.resolve("application.yaml");
    }

    @AfterAll
    static void close() {
        app.close();
    }

    @Test
    void theRootUnderThePrefixRoutesToTheReadersLanguageThere() {
        Reply root = send(Method.GET, "/docs/", LANGUAGES_HOST, null, "Accept-Language", "fr-FR,fr;q=0.9");
        assertEquals(302, root.status());
        assertEquals("/docs/fr", root.header("Location"));
        Reply english = send(Method.GET, "/docs/", LANGUAGES_HOST, null, "Accept-Language", "fr", "Cookie", "docs_language=en");
        assertEquals(200, english.status());
        assertTrue(english.body().contains("\"base\":\"/docs\""), "the script sets its cookie's path under the prefix");
    }

    private record Reply(int status, String body, Map<String, String> headers) {
        String header(String name) {
            return headers.getOrDefault(name.toLowerCase(java.util.Locale.ROOT), "");
        }
    }

    private Reply send(Method method, String path, String host, String body, String... headers) {
        int q = path.indexOf('?');
        HttpClientRequest req = client.method(method).path(q < 0 ? path : path.substring(0, q)).header(HeaderNames.HOST, host);
        if (q >= 0) {
            for (String pair : path.substring(q + 1).split("&")) {
                String[] kv = pair.split("=", 2);
                req.queryParam(kv[0], java.net.URLDecoder.decode(kv[1], java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        for (int i = 0; i < headers.length; i += 2) {
            req.header(HeaderNames.create(headers[i]), headers[i + 1]);
        }
        try (HttpClientResponse res = body == null ? req.request() : req.submit(body)) {
            Map<String, String> all = new java.util.HashMap<>();
            res.headers().forEach(h -> all.put(h.name().toLowerCase(java.util.Locale.ROOT), h.allValues(true).getFirst()));
            return new Reply(res.status().code(), res.entity().hasEntity() ? res.as(String.class) : "", all);
        }
    }

    private Reply get(String path) {
        return send(Method.GET, path, HOST, null);
    }

    /** The site-relative and own-host URLs a page names (href, src, action, meta content, the script's config). */
    private static Set<String> urls(String html) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = URL_ATTRIBUTE.matcher(html);
        while (m.find()) {
            String u = m.group(1).replace("&amp;", "&");
            if (u.startsWith("/") || u.startsWith("https://" + HOST)) {
                out.add(u.startsWith("https://" + HOST) ? u.substring(("https://" + HOST).length()) : u);
            }
        }
        return out;
    }

    @Test
    void everyUrlOfAPrefixedPageIsUnderThePrefixAndAnswers() {
        List<String> pages = List.of("/docs/", "/docs/guides/retries", "/docs/guides/limits", "/docs/_search?q=retries",
                "/docs/no-such-page");
        Set<String> seen = new LinkedHashSet<>();
        for (String page : pages) {
            Reply r = get(page);
            assertEquals(page.equals("/docs/no-such-page") ? 404 : 200, r.status(), page + ": " + r.body());
            Set<String> urls = urls(r.body());
            assertTrue(urls.size() >= 6, page + " names its links and assets: " + urls);
            List<String> outside = urls.stream().filter(u -> !u.startsWith("/docs/")).toList();
            assertEquals(List.of(), outside, page + ": URLs outside /docs/");
            assertTrue(r.body().contains("\"base\":\"/docs\",\"api\":\"/docs\""), page + ": the script calls the API under /docs");
            seen.addAll(urls);
        }
        for (String expected : List.of("/docs/_assets/site.css", "/docs/_assets/site.js", "/docs/images/logo.svg",
                "/docs/images/favicon.svg", "/docs/images/flow.png", "/docs/guides/retries", "/docs/guides/limits",
                "/docs/_search", "/docs/_og/index.png", "/docs/index.md", "/docs/")) {
            assertTrue(seen.stream().anyMatch(u -> u.equals(expected) || u.startsWith(expected + "?")), expected + " in " + seen);
        }
        for (String url : seen) {
            Reply r = get(url.contains("#") ? url.substring(0, url.indexOf('#')) : url);
            assertTrue(r.status() == 200 || r.status() == 307 || r.status() == 308, url + " answers " + r.status());
        }
        assertTrue(get("/docs/").body().contains("<link rel=\"canonical\" href=\"https://example.test/docs/\">"));
    }

    @Test
    void outsideThePrefixTheHostAnswersNothing() {
        Reply bare = get("/docs?from=mail");
        assertEquals(308, bare.status());
        assertEquals("/docs/?from=mail", bare.header("location"));
        for (String path : List.of("/", "/guides/retries", "/_assets/site.css", "/llms.txt", "/sitemap.xml", "/mcp",
                "/docsx/", "/sites/acme/")) {
            Reply r = get(path);
            assertEquals(404, r.status(), path + ": " + r.body());
            assertTrue(r.body().contains("under /docs/ only"), r.body());
        }
        assertEquals(404, send(Method.POST, "/v1/search/acme", HOST, "{\"query\": \"retries\"}",
                "Content-Type", "application/json").status());
        assertEquals(200, get("/health").status(), "probes answer on any path of any host");
        // The path-based form on loopback names and a site without a prefix are as before.
        assertEquals(200, send(Method.GET, "/sites/acme/guides/retries", "127.0.0.1:" + port, null).status());
        assertEquals(200, send(Method.GET, "/guides/retries", "plain.localhost:" + port, null).status());
        // The site's own {domain}.{site-host} serves it under the prefix too (a proxy that does not pass Host on).
        assertEquals(200, send(Method.GET, "/docs/guides/retries", "acme.localhost:" + port, null).status());
        assertEquals(404, send(Method.GET, "/guides/retries", "acme.localhost:" + port, null).status());
    }

    @Test
    void redirectsStayUnderThePrefix() {
        assertEquals("/docs/guides/retries", get("/docs/old-retries").header("location"));
        assertEquals("/docs/", get("/docs/index").header("location"));
    }

    @Test
    void theApiTheSearchBoxAndTheAssistantCallAnswersUnderThePrefix() {
        Matcher key = Pattern.compile("\"assistantKey\":\"([^\"]+)\"").matcher(get("/docs/").body());
        assertTrue(key.find(), "the page carries its key");
        Reply search = send(Method.POST, "/docs/v1/search/acme", HOST, "{\"query\": \"how often are deliveries retried\"}",
                "Content-Type", "application/json", "Authorization", "Bearer " + key.group(1), "Origin", "https://" + HOST);
        assertEquals(200, search.status(), search.body());
        assertTrue(search.body().contains("/guides/retries"), search.body());
        Reply answer = send(Method.POST, "/docs/v2/assistant/acme/message", HOST, """
                {"fp": "anonymous", "messages": [{"id": "m1", "role": "user",
                  "parts": [{"type": "text", "text": "How are failed deliveries retried?"}]}]}""",
                "Content-Type", "application/json", "Authorization", "Bearer " + key.group(1), "Origin", "https://" + HOST);
        assertEquals(200, answer.status(), answer.body());
        assertTrue(answer.body().contains("https://example.test/docs/guides/retries"), "sources name the prefixed url: " + answer.body());
        // The playground's proxy (config.base + /_playground/request) is the route there, not a page (a 404 page).
        assertEquals(405, send(Method.GET, "/docs/_playground/request", HOST, null).status(), "the proxy's route, not a page");
    }

    @Test
    void filesForAgentsNameTheSiteUnderThePrefix() {
        String llms = get("/docs/llms.txt").body();
        assertTrue(llms.contains("(https://example.test/docs/guides/retries.md)"), llms);
        assertTrue(get("/docs/llms-full.txt").body().contains("Source: https://example.test/docs/guides/retries"));
        assertTrue(get("/docs/sitemap.xml").body().contains("<loc>https://example.test/docs/guides/retries</loc>"));
        String robots = get("/docs/robots.txt").body();
        assertTrue(robots.contains("Sitemap: https://example.test/docs/sitemap.xml"), robots);
        assertTrue(get("/docs/guides/retries.md").body().contains("Failed deliveries are retried"));
        assertTrue(get("/docs/.well-known/mcp").body().contains("https://example.test/docs/mcp"));
        String rss = get("/docs/changelog/rss.xml").body();
        assertTrue(rss.contains("<link>https://example.test/docs/changelog</link>")
                && rss.contains("https://example.test/docs/changelog/rss.xml"), rss);
        String skills = get("/docs/.well-known/agent-skills/index.json").body();
        Matcher skill = Pattern.compile("\"url\" : \"([^\"]+)\"").matcher(skills);
        assertTrue(skill.find(), skills);
        assertTrue(skill.group(1).startsWith("/docs/.well-known/agent-skills/"), skills);
        assertEquals(200, get(skill.group(1)).status(), skill.group(1));
        assertTrue(get("/docs/skill.md").body().contains("name:"));
        Reply mcp = send(Method.POST, "/docs/mcp", HOST, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{}}",
                "Content-Type", "application/json", "Accept", "application/json, text/event-stream", "Origin", "https://" + HOST);
        assertEquals(200, mcp.status(), mcp.body());
    }

    @Test
    void readersSignInUnderThePrefixWithACookieOfThePrefixAlone() {
        Reply page = send(Method.GET, "/help/", READERS_HOST, null, "Accept", "text/html", "Sec-Fetch-Dest", "document");
        assertEquals(302, page.status(), page.body());
        assertEquals("/help/login?redirect=%2Fhelp%2F", page.header("location"));
        Reply login = send(Method.GET, "/help/login?redirect=%2Fhelp%2F", READERS_HOST, null);
        assertEquals(200, login.status(), login.body());
        List<String> urls = new ArrayList<>(urls(login.body()));
        assertTrue(urls.contains("/help/login"), urls.toString());
        assertEquals(List.of(), urls.stream().filter(u -> !u.startsWith("/help/")).toList(), "URLs outside /help/");
        assertTrue(login.header("set-cookie").contains("Path=/help/;"), login.header("set-cookie"));
        assertEquals(200, send(Method.GET, urls.stream().filter(u -> u.startsWith("/help/_assets/")).findFirst().orElseThrow(),
                READERS_HOST, null).status());
        Matcher state = Pattern.compile("name=\"state\" value=\"([^\"]+)\"").matcher(login.body());
        assertTrue(state.find(), login.body());
        String browser = login.header("set-cookie").split(";")[0];
        Reply signedIn = send(Method.POST, "/help/login", READERS_HOST, "password=" + PASSWORD + "&state=" + state.group(1)
                        + "&redirect=%2Fhelp%2F", "Content-Type", "application/x-www-form-urlencoded", "Cookie", browser,
                "Origin", "https://" + READERS_HOST);
        assertEquals(303, signedIn.status(), signedIn.body());
        assertEquals("/help/", signedIn.header("location"));
        assertTrue(signedIn.header("set-cookie").contains("Path=/help/;"), signedIn.header("set-cookie"));
    }

    @Test
    void aPrefixIsAPlainPathAndTheUrlAgreesWithIt() throws IOException {
        Path dir = TempDirs.create("docs-assistant-prefix-config-");
        for (String bad : List.of("docs", "/docs?x=1", "/../docs", "/do%20cs", "/a//b")) {
            Files.writeString(dir.resolve("bad.yaml"), """
                    docs-assistant:
                      sites:
                        - {domain: a, organization: a, path: ., path-prefix: "%s"}
                    """.formatted(bad));
            ConfigException e = assertThrows(ConfigException.class, () -> AppConfig.load(dir.resolve("bad.yaml")), bad);
            assertTrue(e.getMessage().contains("path-prefix"), e.getMessage());
        }
        Files.writeString(dir.resolve("other.yaml"), """
                docs-assistant:
                  sites:
                    - {domain: a, organization: a, path: ., url: "https://example.test/help", path-prefix: /docs}
                """);
        ConfigException e = assertThrows(ConfigException.class, () -> AppConfig.load(dir.resolve("other.yaml")));
        assertTrue(e.getMessage().contains("'/help' is not the site's path-prefix '/docs'"), e.getMessage());
        assertFalse(app.sites().get("acme").orElseThrow().config().url().isEmpty());
        assertEquals("https://example.test/docs", app.sites().get("acme").orElseThrow().config().url().orElseThrow());
    }
}
