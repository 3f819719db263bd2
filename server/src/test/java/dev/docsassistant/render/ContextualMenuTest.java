package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page menu as rendered: translated like the rest of the interface, placed in the outline with
 * {@code display: "toc"}, without the items the site cannot offer (no MCP server, no assistant key),
 * and every custom link through the site's link check; the Markdown twin named in every page's head.
 */
class ContextualMenuTest {
    @TempDir
    Path dir;

    private String html(boolean mcp, String key, String path) {
        new TestSites(dir).file("docs.json", """
                {"name": "Relay", "contextual": {"display": "toc", "options": ["copy", "assistant", "chatgpt", "mcp", "cursor",
                   {"title": "Ask the forum", "description": "Post a question", "href": "/community"}]},
                 "navigation": {"languages": [{"language": "en", "pages": ["index"]}, {"language": "fr", "pages": ["fr/index"]}]}}""")
                .page("index", "Relay delivers webhooks.", "title: Home")
                .page("fr/index", "Relay livre des webhooks.", "title: Accueil");
        Site site = new Site(new SiteConfig("t", "acme", dir, Optional.empty()), SiteReader.read(dir), null, null);
        SiteRenderer renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), key, Injected.NONE, mcp);
        SiteRenderer.HtmlPage page = assertInstanceOf(SiteRenderer.HtmlPage.class,
                renderer.render(path, "/sites/t", null, "https://docs.relay.example"));
        return page.html();
    }

    @Test
    void theMenuSpeaksThePagesLanguageAndSitsInTheOutline() {
        String html = html(true, "svc_dsc_test", "/fr");
        assertTrue(html.contains("<link rel=\"alternate\" type=\"text/markdown\" href=\"/sites/t/fr/index.md\">"), html);
        String outline = html.substring(html.indexOf("<aside class=\"outline\""));
        assertTrue(outline.startsWith("<aside class=\"outline\" aria-label=\"Sur cette page\"><div class=\"contextual contextual-toc\""), outline);
        assertFalse(html.substring(0, html.indexOf("<aside class=\"outline\"")).contains("data-contextual"), "not in the header too");
        assertTrue(outline.contains("<span class=\"ctx-title\">Copier la page</span>"), outline);
        assertTrue(outline.contains("aria-label=\"Autres actions sur la page\""), outline);
        assertTrue(URLDecoder.decode(outline, StandardCharsets.UTF_8).contains(
                "https://chatgpt.com/?hints=search&amp;q=Lis https://docs.relay.example/fr pour que je puisse"), outline);
        assertTrue(outline.contains("data-copy-text=\"https://docs.relay.example/mcp\""), outline);
        assertTrue(outline.contains("href=\"/sites/t/community\""), "a custom link is placed like any link of the site");
        assertTrue(outline.contains("data-ctx=\"assistant\" data-open-assistant>"), outline);
    }

    @Test
    void itemsTheSiteCannotOfferAreLeftOut() {
        String html = html(false, null, "/");
        String menu = html.substring(html.indexOf("<div class=\"contextual"));
        menu = menu.substring(0, menu.indexOf("</div>"));
        for (String absent : new String[] {"assistant", "mcp", "cursor"}) {
            assertFalse(menu.contains("data-ctx=\"" + absent + "\""), absent + " in " + menu);
        }
        assertEquals(3, menu.split("role=\"menuitem\"", -1).length - 1, "copy, chatgpt and the custom item: " + menu);
        assertTrue(menu.contains("<span class=\"ctx-title\">Copy page</span>"), menu);
    }

    @Test
    void searchAndMissingPagesHaveNeitherMenuNorTwin() {
        html(true, "svc_dsc_test", "/");
        Site site = new Site(new SiteConfig("t", "acme", dir, Optional.empty()), SiteReader.read(dir), null, null);
        SiteRenderer.HtmlPage missing = assertInstanceOf(SiteRenderer.HtmlPage.class,
                new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE).render("/nope", "/sites/t", null));
        assertEquals(404, missing.status());
        assertFalse(missing.html().contains("data-contextual") || missing.html().contains("text/markdown"), missing.html());
    }
}
