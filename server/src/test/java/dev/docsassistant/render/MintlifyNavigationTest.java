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

/** Mintlify's navigation and page settings (organize/navigation, organize/pages, organize/settings-seo) as readers see them. */
class MintlifyNavigationTest {
    @TempDir
    static Path dir;
    private static SiteRenderer renderer;
    private static SiteContent content;

    @BeforeAll
    static void site() {
        new TestSites(dir)
                .file("docs.json", """
                        {"name": "Acme", "theme": "mint",
                         "search": {"prompt": "Search Acme docs..."},
                         "metadata": {"timestamp": true},
                         "interaction": {"drilldown": true},
                         "navigation": {
                           "global": {"anchors": [{"anchor": "Blog", "icon": "pencil", "href": "https://acme.example/blog"},
                                                  {"anchor": "Changelog", "href": "/v2/changelog"}]},
                           "versions": [
                             {"version": "v2", "tag": "Latest", "groups": [
                               {"group": "Start", "tag": "NEW", "pages": ["v2/index", "v2/wide", "v2/custom", "v2/center", "v2/frame",
                                 "v2/npm", "v2/changelog",
                                 {"group": "Deep", "expanded": true, "pages": ["v2/deep"]},
                                 {"group": "Folded", "pages": ["v2/folded"]}]},
                               {"group": "Guides", "root": "v2/guides", "directory": "accordion", "pages": ["v2/guide-a",
                                 {"group": "More guides", "pages": ["v2/guide-b"]}]},
                               {"group": "Cards", "root": "v2/cards", "directory": "card", "pages": ["v2/card-a"]}]},
                             {"version": "v1", "tag": "Deprecated", "groups": [{"group": "Start", "pages": ["v1/index"]}]}]}}
                        """)
                .page("v2/index", "## Heading\n\nWelcome.", "title: Home", "tag: BETA")
                .page("v2/wide", "## A\n\nWide.", "title: Wide", "mode: wide")
                .page("v2/custom", "## A\n\nCustom.", "title: Custom", "mode: custom")
                .page("v2/center", "## A\n\nCenter.", "title: Center", "mode: center")
                .page("v2/frame", "## A\n\nFrame.", "title: Frame", "mode: frame")
                .page("v2/npm", "Elsewhere.", "title: npm Package", "url: https://www.npmjs.com/package/mint")
                .page("v2/changelog", "Changes.", "title: Changelog", "timestamp: false", "mode: nonsense")
                .page("v2/deep", "Deep.", "title: Deep page")
                .page("v2/folded", "Folded.", "title: Folded page", "lastUpdatedDate: 2026-03-04")
                .page("v2/guides", "All guides.", "title: Guides")
                .page("v2/guide-a", "A.", "title: Guide A", "description: The first guide")
                .page("v2/guide-b", "B.", "title: Guide B")
                .page("v2/cards", "Cards.", "title: Cards")
                .page("v2/card-a", "A.", "title: Card A", "description: A card")
                .page("v1/index", "Old.", "title: Old home");
        content = SiteReader.read(dir);
        Site site = new Site(new SiteConfig("acme", "acme", dir, Optional.empty()), content, null, null);
        renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
    }

    private static String html(String path) {
        SiteRenderer.Result result = renderer.render(path, "", null);
        return assertInstanceOf(SiteRenderer.HtmlPage.class, result, path + " → " + result).html();
    }

    @Test
    void pageModesKeepWhatTheyDocument() {
        String normal = html("/v2");
        assertTrue(normal.contains("<div class=\"layout mode-default\">") && normal.contains("<aside class=\"outline\"")
                && normal.contains("<nav class=\"sidebar\"") && normal.contains("<footer"), normal);
        String wide = html("/v2/wide");
        assertTrue(wide.contains("mode-wide") && wide.contains("<nav class=\"sidebar\"") && !wide.contains("<aside class=\"outline\""), wide);
        String custom = html("/v2/custom");
        assertTrue(custom.contains("mode-custom") && !custom.contains("<nav class=\"sidebar\"") && !custom.contains("<aside class=\"outline\"")
                && !custom.contains("<footer") && !custom.contains("<h1>") && custom.contains("class=\"topbar\""), custom);
        String center = html("/v2/center");
        assertTrue(center.contains("mode-center") && !center.contains("<nav class=\"sidebar\"") && !center.contains("<aside class=\"outline\"")
                && center.contains("<h1>Center</h1>"), center);
        String frame = html("/v2/frame");
        assertTrue(frame.contains("mode-frame") && frame.contains("<nav class=\"sidebar\"") && !frame.contains("<h1>"), frame);
        assertTrue(html("/v2/changelog").contains("mode-default"));
        assertTrue(content.problems().stream().anyMatch(p -> p.toString().startsWith("v2/changelog.mdx:")
                && p.toString().contains("mode 'nonsense'")), content.problems().toString());
    }

    @Test
    void sidebarShowsTagsExternalPagesExpandedGroupsAndGlobalAnchors() {
        String html = html("/v2/wide");
        assertTrue(html.contains("Start <span class=\"nav-tag\">NEW</span>"), "group tag: " + html);
        assertTrue(html.contains(">Home <span class=\"nav-tag\">BETA</span></a>"), "page tag: " + html);
        assertTrue(html.contains("<a href=\"https://www.npmjs.com/package/mint\" class=\"external\">npm Package</a>"), "url page: " + html);
        // drilldown: the name links to the group's first page beside the summary, never inside it (nested-interactive).
        assertTrue(html.contains("<li class=\"nav-drilldown\"><a href=\"/v2/deep\">Deep</a><details class=\"nav-subgroup\" open>"
                + "<summary aria-label=\"Deep\"></summary>"), "expanded + drilldown: " + html);
        assertTrue(html.contains("<li class=\"nav-drilldown\"><a href=\"/v2/folded\">Folded</a><details class=\"nav-subgroup\">"
                + "<summary aria-label=\"Folded\"></summary>"), "collapsed: " + html);
        assertFalse(html.matches("(?s).*<summary[^>]*>[^<]*<a .*"), "no link inside a summary: " + html);
        assertTrue(html("/v2/folded").contains("<details class=\"nav-subgroup\" open><summary aria-label=\"Folded\">"),
                "the first page opens its group");
        assertTrue(html.contains("<ul class=\"sidebar-sections global-links\"><li><a href=\"https://acme.example/blog\" class=\"external\">"), html);
        assertTrue(html.contains("<a href=\"/v2/changelog\">Changelog</a>"), html);
        String old = html("/v1");
        assertTrue(old.contains("<ul class=\"sidebar-sections global-links\">"), "on every version: " + old);
        assertTrue(old.contains("v2 <span class=\"nav-tag\">Latest</span>") && old.contains("v1 <span class=\"nav-tag\">Deprecated</span>"),
                "version tags: " + old);
    }

    @Test
    void groupRootPagesListTheirGroup() {
        String guides = html("/v2/guides");
        assertTrue(guides.contains("<nav class=\"directory\" aria-label=\"Guides\">"), guides);
        assertTrue(guides.contains("<li><a href=\"/v2/guide-a\">Guide A</a> <span class=\"directory-description\">The first guide</span></li>"), guides);
        assertTrue(guides.contains("<details class=\"accordion\"><summary>More guides</summary><ul>\n<li><a href=\"/v2/guide-b\">Guide B</a></li>"), guides);
        String cards = html("/v2/cards");
        assertTrue(cards.contains("<a class=\"card-title card-link\" href=\"/v2/card-a\">Card A</a><p>A card</p>"), cards);
        assertFalse(html("/v2").contains("class=\"directory\""));
    }

    @Test
    void searchPromptAndTimestamps() {
        String home = html("/v2");
        assertTrue(home.contains("placeholder=\"Search Acme docs...\""), home);
        assertTrue(home.contains("\"searchPlaceholder\":\"Search Acme docs...\""), "the script's dialog too");
        assertTrue(home.contains("<p class=\"last-modified\">Last modified on <time datetime=\""), home);
        assertTrue(html("/v2/folded").contains("<time datetime=\"2026-03-04\">March 4, 2026</time>"));
        assertFalse(html("/v2/changelog").contains("last-modified"), "timestamp: false");
    }
}
