package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The options of Mintlify's Tabs, Icon and Panel (components/tabs.mdx, icons.mdx, panel.mdx) in the rendered page. */
class MintlifyComponentOptionsTest {
    @TempDir
    static Path dir;
    private static SiteRenderer renderer;

    @BeforeAll
    static void site() {
        new TestSites(dir)
                .file("docs.json", """
                        {"name": "Acme", "theme": "mint", "colors": {"primary": "#16a34a"},
                         "navigation": {"groups": [{"group": "Start", "pages": ["index", "icons", "panel", "wide-panel"]}]}}
                        """)
                .page("index", """
                        <Tabs defaultTabIndex={2} sync={false} borderBottom>
                          <Tab title="One">1</Tab>
                          <Tab title="Two" icon="leaf" id="second tab">2</Tab>
                          <Tab title="Three">3</Tab>
                        </Tabs>

                        <Tabs defaultTabIndex="x">
                          <Tab title="A">a</Tab>
                        </Tabs>
                        """, "title: Home")
                .page("icons", """
                        Big <Icon icon="flag" size={48} color="#ff5733" /> and plain <Icon icon="flag" /> and
                        bad <Icon icon="flag" size="huge" color="url(x)" /> and an image <Icon src="/images/i.svg" size={20} />.
                        """, "title: Icons")
                .page("panel", """
                        ## Text heading

                        Body text.

                        <Panel>
                          <Info>Pinned.</Info>

                          <RequestExample>
                          ```bash cURL
                          curl https://example.com
                          ```
                          </RequestExample>
                        </Panel>
                        """, "title: Panel")
                .page("wide-panel", "Wide text.\n\n<Panel>Never shown.</Panel>\n", "title: Wide", "mode: wide");
        renderer = new SiteRenderer(new Site(new SiteConfig("acme", "acme", dir, Optional.empty()),
                SiteReader.read(dir), null, null), SiteAssets.fromClassPath(), null, Injected.NONE);
    }

    static String prose(String path) {
        SiteRenderer.Result result = renderer.render(path, "", null);
        String html = assertInstanceOf(SiteRenderer.HtmlPage.class, result, path + " → " + result).html();
        return html.substring(html.indexOf("<div class=\"prose\">"));
    }

    @Test
    void tabsCarryTheirOptionsAsClasses() {
        String p = prose("/");
        assertTrue(p.contains("<div class=\"tabs tabs-default-2 tabs-independent tabs-border\">"), p);
        assertTrue(p.contains("<section class=\"tab\" id=\"second-tab\"><div class=\"tab-title\"><svg class=\"icon\""), p);
        assertTrue(p.contains("<section class=\"tab\"><div class=\"tab-title\">One</div>"), "no id without one: " + p);
        assertTrue(p.contains("<div class=\"tabs\">"), "a default index that is not a number is left out: " + p);
        assertTrue(p.contains("1") && p.contains("2") && p.contains("3"), "every panel is in the page, for readers without script");
    }

    @Test
    void aPanelReplacesTheOutlineWithItsExamples() {
        String html = assertInstanceOf(SiteRenderer.HtmlPage.class, renderer.render("/panel", "", null)).html();
        String text = html.substring(html.indexOf("<div class=\"prose\">"), html.indexOf("</article>"));
        int panel = html.indexOf("<aside class=\"outline outline-panel\">");
        assertTrue(panel > html.indexOf("</article>"), html);
        String side = html.substring(panel, html.indexOf("</aside>", panel));
        assertTrue(side.contains("Pinned.") && side.contains("<div class=\"code-group api-example\">") && side.contains("curl"), side);
        assertFalse(text.contains("Pinned.") || text.contains("api-examples"), "out of the text: " + text);
        assertTrue(text.contains("Body text."), text);
        assertFalse(html.contains("Text heading</a>"), "no outline beside it");
        String wide = assertInstanceOf(SiteRenderer.HtmlPage.class, renderer.render("/wide-panel", "", null)).html();
        assertTrue(wide.contains("Wide text.") && !wide.contains("Never shown."), "mode: wide suppresses the panel");
    }

    @Test
    void iconsTakeTheirColourAndSize() {
        String p = prose("/icons");
        assertTrue(p.contains("Big <span class=\"icon-styled\" style=\"--size: 48px; --accent: #ff5733\"><svg class=\"icon\"")
                || p.contains("Big <span class=\"icon-styled\" style=\"--accent: #ff5733; --size: 48px\"><svg class=\"icon\""), p);
        assertTrue(p.contains("plain <svg class=\"icon\""), "no wrapper without options: " + p);
        assertTrue(p.contains("bad <svg class=\"icon\""), "a size and a colour that are not values are dropped: " + p);
        assertFalse(p.contains("url(x)"), p);
        assertTrue(p.contains("<span class=\"icon-styled\" style=\"--size: 20px\"><img class=\"icon\" src=\"/images/i.svg\""), p);
    }
}
