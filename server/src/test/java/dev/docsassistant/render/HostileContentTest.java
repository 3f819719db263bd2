package dev.docsassistant.render;

import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.content.SafeUrl;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.HostileSite;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every page the hostile site renders ({@link HostileSite}: XSS vectors in every entry point), read
 * back with an HTML parser: nothing that can run script is left, every URL passes the link check
 * as the browser will read it, and the layout's own elements stay the layout's.
 */
class HostileContentTest {
    private static final Set<String> URL_ATTRIBUTES = Set.of("href", "src", "poster", "cite", "action", "formaction",
            "xlink:href", "data", "srcdoc", "background", "srcset");
    @TempDir
    static Path dir;
    private static SiteContent content;
    private static SiteRenderer renderer;

    @BeforeAll
    static void site() {
        Path siteDir = HostileSite.write(dir.resolve("site"));
        content = SiteReader.read(siteDir);
        // A real index, so the search page renders hits whose titles and text are vectors too.
        Site site = new Site(new SiteConfig("h", "acme", siteDir, Optional.empty()), content,
                LuceneSiteSearch.open(content, dir.resolve("index"), SearchSettings.KEYWORD), null);
        renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), "svc_dsc_test", Injected.NONE);
    }

    private static SiteRenderer.Result render(String request, String base) {
        int q = request.indexOf("?q=");
        return q < 0 ? renderer.render(URLDecoder.decode(request, StandardCharsets.UTF_8), base, null)
                : renderer.render(request.substring(0, q), base, URLDecoder.decode(request.substring(q + 3), StandardCharsets.UTF_8));
    }

    @Test
    void nothingThatCanRunScriptSurvivesAnyEntryPoint() {
        int pages = 0;
        for (String base : List.of("", "/sites/h")) {
            // Under /sites/h only the pages: the search and 404 pages differ from the root's by links only.
            for (String request : base.isEmpty() ? HostileSite.requests() : HostileSite.PAGES.stream().map(p -> "/" + p).toList()) {
                SiteRenderer.Result result = render(request, base);
                if (result instanceof SiteRenderer.HtmlPage page) {
                    assertSafe(Jsoup.parse(page.html()), request);
                    pages++;
                } else if (result instanceof SiteRenderer.Redirect redirect) {
                    assertTrue(redirect.location().startsWith(base + "/") && !redirect.location().startsWith(base + "//")
                            && redirect.location().chars().allMatch(c -> c > ' ' && c < 0x7f && c != '\\'),
                            request + " → " + redirect.location());
                }
            }
        }
        assertTrue(pages > 25, "pages checked: " + pages);
    }

    private static void assertSafe(Document doc, String request) {
        List<Element> scripts = doc.select("script");
        assertEquals(3, scripts.size(), request + ": only the config, the site script and the theme script\n" + scripts);
        List<Element> inline = doc.select("script:not([src]):not([type=application/json])");
        assertEquals(1, inline.size(), request + ": " + inline);
        assertTrue(inline.getFirst().parent() == doc.head() && inline.getFirst().data().startsWith("(function(){var d=document.documentElement"),
                request + ": the one inline script is the layout's theme script " + inline);
        assertEquals("application/json", doc.head().selectFirst("script[id=da:config]").attr("type"), request);
        assertTrue(doc.select("script[src]").attr("src").startsWith("/_assets/"), request);
        // Inline SVG icons are allowed: shapes only, nothing in them that links, loads or runs.
        String forbidden = "iframe, object, embed, base, math, template, noscript, style, textarea:not(.assistant-form textarea), "
                + "meta[http-equiv], link[rel=import], xmp, svg script, svg use, svg image, svg foreignObject, svg animate, "
                + "svg set, svg style";
        assertTrue(doc.select(forbidden).isEmpty(), request + ": " + doc.select(forbidden));
        assertEquals(2, doc.select("form").size(), request + ": only the search and assistant forms");
        for (Element e : doc.getAllElements()) {
            for (Attribute a : e.attributes()) {
                String name = a.getKey().toLowerCase();
                assertFalse(name.startsWith("on"), request + ": handler " + e);
                assertFalse(name.equals("style") && !e.tagName().equals("html") && !e.tagName().equals("body"), request + ": style " + e);
                if (URL_ATTRIBUTES.contains(name)) {
                    Optional<String> checked = e.tagName().equals("a") || name.equals("action") ? SafeUrl.link(a.getValue())
                            : SafeUrl.embed(a.getValue());
                    assertEquals(Optional.of(a.getValue()), checked, request + ": " + name + " of " + e);
                    assertFalse(scriptable(a.getValue()), request + ": " + name + " of " + e);
                }
            }
        }
        assertEquals(3, doc.select("[id^=da:]").size(), request + ": the layout's ids are its own");
        assertEquals(Set.of("main", "aside", "script"), Set.copyOf(doc.select("[id^=da:]").eachAttr("id").stream()
                .map(id -> doc.getElementById(id).tagName()).toList()), request);
        Element prose = doc.selectFirst("body > .layout > main > article > .prose");
        assertTrue(prose != null, request + ": the page body stays inside the layout");
        assertTrue(prose.select("*").stream().noneMatch(e -> e.attributes().asList().stream()
                .anyMatch(a -> a.getKey().startsWith("data-"))), request + ": no data- attributes in page content");
        assertTrue(doc.selectFirst("body > aside.assistant > form.assistant-form > textarea") != null, request + ": the assistant form is whole");
    }

    /** Independently of SafeUrl: what a browser would run or send off the site, read as its URL parser does. */
    private static boolean scriptable(String url) {
        String u = url.replaceAll("^[\\x00-\\x20]+|[\\x00-\\x20]+$", "").replaceAll("[\\t\\n\\r]", "").toLowerCase();
        return u.startsWith("javascript:") || u.startsWith("vbscript:") || u.contains("\\") || u.startsWith("//")
                || u.startsWith("data:") && !u.matches("data:image/(png|jpeg|gif|webp|avif)[;,].*");
    }

    @Test
    void aHeadingNamedLikeTheLayoutKeepsItsAnchorAndLeavesTheLayoutAlone() {
        SiteRenderer.HtmlPage page = assertInstanceOf(SiteRenderer.HtmlPage.class, render("/clobbering", ""));
        Document doc = Jsoup.parse(page.html());
        assertEquals("h2", doc.getElementById("assistant").tagName(), "search anchors still land on the heading");
        assertEquals("h2", doc.getElementById("content").tagName());
        assertEquals("aside", doc.getElementById("da:assistant").tagName());
        assertEquals("main", doc.getElementById("da:content").tagName());
        assertEquals("#da:content", doc.selectFirst("a.skip-link").attr("href"));
        assertTrue(doc.select(".prose [data-open-assistant]").isEmpty());
        assertEquals(1, doc.select("[data-open-assistant]").size(), "only the layout's Ask AI button");
    }

    @Test
    void unbalancedTagsStayInsideThePageBody() {
        Document doc = Jsoup.parse(((SiteRenderer.HtmlPage) render("/unbalanced", "")).html());
        Element prose = doc.selectFirst("main > article > .prose");
        assertTrue(prose.text().contains("The text after them stays in the page body."), prose.html());
        assertTrue(prose.select("table").size() == 1 && prose.select("details").size() == 1, prose.html());
        assertTrue(doc.selectFirst("main > article > nav.pager, main > article > .feedback") != null,
                "what the layout puts after the body is still after it");
    }

    @Test
    void eachRefusedDocsJsonLinkIsALoadTimeProblem() {
        List<SiteProblem> problems = content.problems();
        int urls = HostileSite.refusedUrls().size();
        assertEquals(urls, problems.stream().filter(p -> p.location().matches("/redirects/\\d+/destination")).count(), problems.toString());
        assertEquals(urls, problems.stream().filter(p -> p.location().matches("/navbar/links/\\d+/href")).count());
        assertEquals(urls, problems.stream().filter(p -> p.location().matches("/navigation/tabs/\\d+/href")).count());
        assertEquals(urls, problems.stream().filter(p -> p.location().startsWith("/footer/socials/")).count());
        assertTrue(problems.stream().anyMatch(p -> p.location().equals("/logo")));
        for (int i = 0; i < urls; i++) {
            assertInstanceOf(SiteRenderer.HtmlPage.class, render("/r/" + i, ""), "a refused redirect is no redirect, never Location: #");
        }
        assertEquals(new SiteRenderer.Redirect(308, "/%5Cevil.example"), render("/rest/%5Cevil.example", ""));
        assertEquals(new SiteRenderer.Redirect(308, "/sites/h/evil.example"), render("/rest//evil.example", "/sites/h"));
    }

    @Test
    void componentAttributesAreEscapedOnce() {
        SiteRenderer.HtmlPage page = assertInstanceOf(SiteRenderer.HtmlPage.class, render("/components", ""));
        Document doc = Jsoup.parse(page.html());
        String tip = HostileSite.markup().get(0).replace("\"", "'");
        assertEquals(tip, doc.selectFirst(".tooltip-box").text(), "the reader sees the text as written");
        assertFalse(page.html().contains("&amp;lt;") || page.html().contains("&amp;quot;"), "never escaped twice");
        Document links = Jsoup.parse(((SiteRenderer.HtmlPage) render("/links", "")).html());
        assertEquals("/guide?a=1&b=2", links.selectFirst("a.entities").attr("href"), "a reference in raw HTML is decoded once");
        assertEquals("/menu?a=1&b=2", links.selectFirst("a.card-link[href^=/menu]").attr("href"));
        assertEquals("Fish & chips", links.selectFirst("a.card-link[href^=/menu]").text());
    }
}
