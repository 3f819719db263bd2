package dev.docsassistant.rest;

import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.Corpora;
import dev.docsassistant.testing.TestApps;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rendered sites over HTTP: path- and host-based, headers, assets, redirects, 404s, the API beside them. */
@ServerTest
@Tag(Corpora.TAG)
class SiteRoutesTest {
    private static final String PAGE = "/docs/2026-07-28/learn/architecture";
    private final WebClient client;

    SiteRoutesTest(WebClient client) {
        this.client = client;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.corpora());
    }

    private Reply get(String path, String host) {
        int q = path.indexOf('?');
        var request = client.get(q < 0 ? path : path.substring(0, q)).followRedirects(false);
        if (q >= 0) {
            for (String pair : path.substring(q + 1).split("&")) {
                String[] kv = pair.split("=", 2);
                request.queryParam(kv[0], java.net.URLDecoder.decode(kv[1], java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        if (host != null) {
            request.header(HeaderNames.HOST, host);
        }
        try (HttpClientResponse res = request.request()) {
            return new Reply(res.status().code(), res.headers(), res.entity().hasEntity() ? res.as(String.class) : "");
        }
    }

    @Test
    void pagesAreServedUnderSitesWithTheirPolicy() {
        Reply r = get("/sites/mcp" + PAGE, null);
        assertEquals(200, r.status());
        assertEquals("text/html; charset=utf-8", r.contentType());
        assertTrue(r.body().contains("<h1>Architecture overview</h1>"));
        assertTrue(r.body().contains("href=\"/sites/mcp/docs/2026-07-28/learn/server-concepts\""));
        assertTrue(r.header("Content-Security-Policy").startsWith("default-src 'self'; script-src 'self'"), r.header("Content-Security-Policy"));
        assertEquals("no-cache", r.header("Cache-Control"));
    }

    @Test
    void headAnswersWithTheLengthAndNoBody() {
        try (HttpClientResponse res = client.method(io.helidon.http.Method.HEAD).path("/sites/mcp" + PAGE).request()) {
            assertEquals(200, res.status().code());
            assertEquals(get("/sites/mcp" + PAGE, null).body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length,
                    Integer.parseInt(res.headers().first(HeaderNames.CONTENT_LENGTH).orElse("-1")));
        }
    }

    @Test
    void pagesAreServedAtTheRootOfTheSiteHost() {
        Reply r = get(PAGE, "mcp.localhost:8080");
        assertEquals(200, r.status());
        assertTrue(r.body().contains("<h1>Architecture overview</h1>"));
        assertTrue(r.body().contains("href=\"/docs/2026-07-28/learn/server-concepts\""), "links without the /sites prefix");
        assertTrue(get("/", "mcp.localhost").header("Location").endsWith("/docs/2026-07-28/getting-started/intro"));
        assertEquals(404, get(PAGE, "nosuchsite.localhost").status());
        assertEquals(404, get(PAGE, null).status(), "a bare host names no site");
    }

    @Test
    void theApiStillAnswersOnASiteHost() {
        ApiClient.Reply res = new ApiClient(client).postJson("/v1/search/mcp", "{\"query\": \"tools/list\", \"pageSize\": 1}",
                "Host", "mcp.localhost", "Authorization", auth());
        assertEquals(200, res.status());
        assertTrue(res.body().startsWith("[{"));
    }

    @Test
    void redirectsAndMissingPages() {
        Reply redirect = get("/sites/mcp/clients", null);
        assertEquals(308, redirect.status());
        assertTrue(redirect.header("Location").endsWith("/sites/mcp/docs/2026-07-28/getting-started/intro"), redirect.header("Location"));
        Reply missing = get("/sites/mcp/no/such/page", null);
        assertEquals(404, missing.status());
        assertTrue(missing.body().contains("<h1>Page not found</h1>"));
        Reply unknownSite = get("/sites/nope/x", null);
        assertEquals(404, unknownSite.status());
        assertEquals("{\"message\":\"unknown site: nope\"}", unknownSite.body());
    }

    @Test
    void assetsAreCachedByContentHash() {
        Reply page = get("/sites/mcp" + PAGE, null);
        Matcher m = Pattern.compile("href=\"(/_assets/site\\.css\\?v=([0-9a-f]+))\"").matcher(page.body());
        assertTrue(m.find(), "the page links its stylesheet by hash");
        Reply css = get(m.group(1), null);
        assertEquals(200, css.status());
        assertEquals("text/css; charset=utf-8", css.contentType());
        assertEquals("public, max-age=31536000, immutable", css.header("Cache-Control"));
        assertTrue(css.body().contains(".sidebar"));
        assertEquals("public, max-age=300", get("/_assets/site.css", null).header("Cache-Control"), "an unversioned URL is cached briefly");
        try (HttpClientResponse res = client.get("/_assets/site.css").queryParam("v", m.group(2)).header(HeaderNames.IF_NONE_MATCH, "\"" + m.group(2) + "\"").request()) {
            assertEquals(304, res.status().code());
        }
        Matcher js = Pattern.compile("src=\"(/_assets/site\\.js\\?v=[0-9a-f]+)\"").matcher(page.body());
        assertTrue(js.find());
        Reply script = get(js.group(1), null);
        assertEquals("text/javascript; charset=utf-8", script.contentType());
        assertTrue(script.body().contains("da:config"));
        assertEquals(404, get("/_assets/nope.js", null).status());
        try (HttpClientResponse res = client.get("/_assets/site.js").header(HeaderNames.ACCEPT_ENCODING, "gzip").request()) {
            assertEquals("gzip", res.headers().first(HeaderNames.CONTENT_ENCODING).orElse(""));
            assertTrue(res.as(byte[].class).length < script.body().length() / 2, "the bundle is sent compressed");
        }
    }

    @Test
    void searchPageListsResultsWithoutJavaScript() {
        Reply r = get("/sites/mcp/_search?q=how+do+clients+list+tools", null);
        assertEquals(200, r.status());
        assertTrue(r.body().contains("<ol class=\"search-hits\">"));
        assertTrue(r.body().contains("href=\"/sites/mcp/specification/"), r.body());
    }

    @Test
    void feedbackIsAcceptedAndValidated() {
        ApiClient api = new ApiClient(client);
        assertEquals(204, api.postJson("/v1/feedback/mcp", "{\"path\": \"" + PAGE + "\", \"helpful\": true}", "Authorization", auth()).status());
        ApiClient.Reply notBoolean = api.postJson("/v1/feedback/mcp", "{\"path\": \"" + PAGE + "\", \"helpful\": \"yes\"}",
                "Authorization", auth());
        assertEquals(400, notBoolean.status());
        assertTrue(notBoolean.body().contains("helpful"));
        assertEquals(403, api.postJson("/v1/feedback/nope", "{\"path\": \"/x\", \"helpful\": true}", "Authorization", auth()).status(),
                "a key of one organisation learns nothing about other sites");
        assertEquals(401, api.postJson("/v1/feedback/mcp", "{\"path\": \"/x\", \"helpful\": true}").status(),
                "feedback needs the site's key like every API call");
    }

    private static String auth() {
        return TestApps.authorization(TestApps.corpora(), "acme");
    }

    @Test
    void mintlifyPagesRenderInEveryLanguage() {
        Reply en = get("/sites/mintlify/components/callouts", null);
        assertEquals(200, en.status());
        assertTrue(en.body().contains("data-switcher=\"language\""));
        assertTrue(en.body().contains("hreflang=\"fr\""));
        Reply fr = get("/sites/mintlify/fr/components/callouts", null);
        assertEquals(200, fr.status());
        assertTrue(fr.body().contains("<html lang=\"fr\" "));
        assertTrue(fr.body().contains("<p class=\"callout-label\">Remarque</p>"), "callout labels in the page language");
        assertTrue(fr.body().contains("<div class=\"callout callout-note\" role=\"note\">"));
    }
}
