package dev.docsassistant.render;

import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.mdx.Audience;
import dev.docsassistant.content.mdx.MdxToMarkdown;
import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How pages look to readers: Markdown in HTML, audiences, theme, icons, chrome and interface language. */
class SitePresentationTest {
    @TempDir
    static Path dir;
    @TempDir
    static Path index;
    private static SiteRenderer renderer;
    private static Site site;

    @BeforeAll
    static void site() {
        new TestSites(dir)
                .file("docs.json", """
                        {"name": "Acme", "theme": "mint", "colors": {"primary": "#09090b", "light": "#fafafa", "dark": "#166e3f"},
                         "logo": {"light": "/logo/light.svg", "dark": "/logo/dark.svg"},
                         "appearance": {"default": "dark"},
                         "navbar": {"primary": {"type": "button", "label": "Get started", "href": "https://acme.example/start"}},
                         "banner": {"content": "**New:** read [the guide](/guide)", "dismissible": true},
                         "footer": {"socials": {"github": "https://github.com/acme", "x": "https://x.com/acme"},
                                    "links": [{"header": "Company", "items": [{"label": "Careers", "href": "https://acme.example/jobs"}]}]},
                         "navigation": {"languages": [
                           {"language": "en", "groups": [{"group": "Start", "pages": ["index", "guide", "table"]}]},
                           {"language": "fr", "groups": [{"group": "Début", "pages": ["fr/index"]}]}]}}
                        """)
                .file("logo/light.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>")
                .file("logo/dark.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>")
                .page("index", "Welcome.", "title: Acme documentation")
                .page("guide", """
                        <div id="set-up">
                          ## Set up `acme`
                        </div>

                        Some **text**.

                        <Visibility for="humans">
                          Click the **Start** button.
                        </Visibility>

                        <Visibility for="agents">
                          Call `POST /v1/start` with the account id.

                          ```bash
                          curl -X POST /v1/start
                          ```
                        </Visibility>

                        <Prompt description="Write **clear** docs.">
                        You are a writing assistant.
                        </Prompt>

                        <Card title="Use `acme run`" icon="rocket">Runs it.</Card>

                        <Note>A note.</Note>

                        <Frame caption="See [the site](https://acme.example) for **more**.">
                          <img src="https://acme.example/a.png" alt="A" className="block dark:hidden" />
                          <img src="https://acme.example/b.png" alt="B" className="hidden dark:block" />
                        </Frame>

                        **重要。**然后继续。
                        """, "title: Guide", "icon: book-open")
                .page("table", """
                        | Version | Changes |
                        | --- | --- |
                        | 2 | <ul><li>`a` removed</li><li>b added</li></ul> |
                        """, "title: Table", "icon: /logo/light.svg")
                .page("fr/index", "<Note>Une remarque.</Note>", "title: Accueil", "icon: no-such-icon-anywhere");
        SiteContent content = SiteReader.read(dir);
        site = new Site(new SiteConfig("acme", "acme", dir, Optional.empty()), content, LuceneSiteSearch.open(content, index, SearchSettings.KEYWORD), null);
        renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), "svc_dsc_test", Injected.NONE);
    }

    private static String html(String path) {
        SiteRenderer.Result result = renderer.render(path, "", null);
        return assertInstanceOf(SiteRenderer.HtmlPage.class, result, path + " → " + result).html();
    }

    @Test
    void markdownInsideHtmlBlocksIsMarkdown() {
        String html = html("/guide");
        assertTrue(html.contains("<div id=\"set-up\">"), html);
        assertTrue(html.contains("<h2 id=\"set-up-acme\">Set up <code>acme</code></h2>"), html);
        assertTrue(html.contains("<a href=\"#set-up-acme\">Set up acme</a>"), "the outline lists it");
        assertFalse(html.contains("## Set up"));
        // Search splits the same page at the same heading.
        Page page = site.content().page("guide").orElseThrow();
        assertEquals("set-up-acme", page.sections().get(0).anchor());
        // A list inside a table cell stays in its cell.
        String table = html("/table");
        assertTrue(table.matches("(?s).*<td><ul><li><code>a</code> removed</li><li>b added</li></ul></td>.*"), table);
    }

    @Test
    void codeInsideAListItemKeepsTheList() {
        String mdx = "<Steps>\n  <Step title=\"Install\">\n    1. First\n       ```bash\n       npm i\n       ```\n    2. Second\n"
                + "    3. Third\n  </Step>\n</Steps>\n\n- one\n  ```js\n  x()\n  ```\n- two\n- three\n";
        String html = MarkdownHtml.render(MdxToMarkdown.convert(mdx, p -> null), new LinkResolver(""), UiStrings.of("en")).html();
        assertEquals(1, html.split("<ol>", -1).length - 1, html);
        assertEquals(1, html.split("<ul>", -1).length - 1, html);
        assertTrue(html.matches("(?s).*<li>\\s*<p>First</p>\\s*<div class=\"code-block\">.*npm i.*</div>\\s*</li>\\s*<li>\\s*<p>Second</p>.*"), html);
        assertTrue(html.matches("(?s).*<li>\\s*<p>one</p>\\s*<div class=\"code-block\">.*x\\(\\).*</div>\\s*</li>\\s*<li>\\s*<p>two</p>.*"), html);
    }

    @Test
    void agentOnlyContentIsForAgentsOnly() {
        String html = html("/guide");
        assertTrue(html.contains("Click the <strong>Start</strong> button."));
        assertFalse(html.contains("POST /v1/start"), "agent-only text is not on the page");
        assertTrue(site.content().page("guide").orElseThrow().markdown().contains("POST /v1/start"), "the agents' Markdown has it");
        String readers = Audience.READERS.keep("<Visibility for=\"agents\">\n  Call the API.\n</Visibility>\nClick.\n");
        assertTrue(readers.contains("Click.") && !readers.contains("Call the API."), readers);
    }

    @Test
    void componentsShowTheirMarkdownAndIcons() {
        String html = html("/guide");
        assertTrue(html.contains("<div class=\"prompt-description\">Write <strong>clear</strong> docs.</div>"), html);
        assertTrue(html.contains("You are a writing assistant."));
        assertTrue(html.contains("<a class=\"card-title card-link\"") || html.contains("<div class=\"card-title\">Use <code>acme run</code></div>"), html);
        assertTrue(html.matches("(?s).*<span class=\"card-icon\"><svg class=\"icon\" viewBox=\"0 0 512 512\" fill=\"currentColor\".*"),
                "the rocket from Font Awesome, inline");
        assertTrue(html.contains("<figcaption>See <a href=\"https://acme.example\""), html);
        assertTrue(html.contains("class=\"block dark:hidden\"") && html.contains("class=\"hidden dark:block\""));
        assertTrue(html.contains("<strong>重要。</strong>然后继续。"), html);
        assertFalse(html.contains("\uE000"), "no icon marker is left");
    }

    @Test
    void aPagesFrontMatterIconIsInItsSidebarEntryAndTitle() {
        String guide = html("/guide");
        String svg = "<svg class=\"icon\" viewBox=\"0 0 [0-9]+ 512\" fill=\"currentColor\" aria-hidden=\"true\" focusable=\"false\"><path d=\"[^\"]+\"/></svg>";
        assertTrue(guide.matches("(?s).*<h1>" + svg + "Guide</h1>.*"), "the book-open icon from Font Awesome, inline, before the title");
        String table = html("/table");
        assertTrue(table.matches("(?s).*<li><a href=\"/guide\">" + svg + "Guide</a></li>.*"), "and in the sidebar, on every page");
        assertTrue(table.contains("<h1><img class=\"icon\" src=\"/logo/light.svg\" alt=\"\" aria-hidden=\"true\">Table</h1>"), "a path is an image");
        assertTrue(table.contains(" aria-current=\"page\"><img class=\"icon\" src=\"/logo/light.svg\""), table);
        assertTrue(html("/fr").contains("<h1>Accueil</h1>"), "an icon in neither set shows nothing");
        assertFalse(html("/").matches("(?s).*<h1><(svg|img).*"), "a page without one has none");
    }

    @Test
    void homePageHasOneAddressAndItsOwnTitle() {
        SiteRenderer.Result index = renderer.render("/index", "", null);
        assertEquals(new SiteRenderer.Redirect(308, "/"), index);
        assertEquals(new SiteRenderer.Redirect(308, "/sites/acme/fr"), renderer.render("/fr/index", "/sites/acme", null));
        String home = html("/");
        assertTrue(home.contains("<title>Acme documentation</title>"), "the title names the site once");
        assertTrue(html("/guide").contains("<title>Guide · Acme</title>"));
    }

    @Test
    void darkModeFollowsDocsJson() {
        String html = html("/guide");
        assertTrue(html.contains("data-theme-default=\"dark\""));
        assertTrue(html.contains("<script>" + SiteTheme.BOOT_SCRIPT + "</script>"));
        assertTrue(renderer.csp().contains(SiteTheme.BOOT_SCRIPT_HASH), renderer.csp());
        assertFalse(renderer.csp().contains("unsafe-eval"));
        assertTrue(html.contains("class=\"logo logo-light\" src=\"/logo/light.svg\"") && html.contains("class=\"logo logo-dark\" src=\"/logo/dark.svg\""));
        assertTrue(html.contains("data-theme-toggle"));
        // Links stay readable: the near-black primary is used as is on white and lightened on dark.
        assertTrue(html.contains("--link-light:#09090b") && html.contains("--link-dark:#fafafa"), html.substring(0, 600));
        // colors.dark colours the buttons in both themes, with readable text on them.
        assertTrue(html.contains("--brand-button:#166e3f;--on-brand-button:#ffffff"), html.substring(0, 600));
    }

    @Test
    void linkColoursReachAaContrastOnBothBackgrounds() {
        for (String color : new String[] {"#09090b", "#166e3f", "#26bd6c", "#ffffff", "#2563eb", "#facc15"}) {
            assertTrue(SiteTheme.contrast(SiteTheme.readable(color, SiteTheme.LIGHT_BG), SiteTheme.LIGHT_BG) >= 4.5, color);
            assertTrue(SiteTheme.contrast(SiteTheme.readable(color, SiteTheme.DARK_BG), SiteTheme.DARK_BG) >= 4.5, color);
        }
        assertEquals("#2563eb", SiteTheme.readable("#2563eb", SiteTheme.LIGHT_BG), "a readable colour is kept");
    }

    @Test
    void navbarBannerAndFooterComeFromDocsJson() {
        String html = html("/guide");
        assertTrue(html.contains("<a class=\"navbar-primary\" href=\"https://acme.example/start\">Get started</a>"));
        assertTrue(html.contains("<p><strong>New:</strong> read <a href=\"/guide\">the guide</a></p>"), html);
        assertTrue(html.contains("data-banner-close hidden aria-label=\"Dismiss\""), html);
        assertTrue(html("/fr").contains("data-banner-close hidden aria-label=\"Fermer\""), "the close button speaks the page's language");
        assertTrue(html.contains("<p class=\"footer-header\">Company</p>") && html.contains(">Careers</a>"));
        assertTrue(html.matches("(?s).*<a href=\"https://github.com/acme\" aria-label=\"Acme github\"><svg class=\"icon\".*"));
    }

    @Test
    void interfaceTextFollowsThePageLanguage() {
        String fr = html("/fr");
        assertTrue(fr.contains("<html lang=\"fr\""));
        assertTrue(fr.contains("placeholder=\"Rechercher…\""));
        assertTrue(fr.contains("<p class=\"callout-label\">Remarque</p>"), fr);
        assertTrue(fr.contains("Cette page vous a-t-elle été utile ?"));
        assertTrue(fr.contains("\"askAi\":\"Demander à l’IA\""), "the script gets the same strings");
        assertTrue(html("/guide").contains("placeholder=\"Search…\""));
        assertEquals("搜索…", UiStrings.of("zh-Hans").get("searchPlaceholder"));
        assertEquals("Buscar…", UiStrings.of("es").get("searchPlaceholder"));
        assertEquals("Search…", UiStrings.of("tlh").get("searchPlaceholder"), "English for other languages");
    }

    @Test
    void searchPageKeepsTheQueryInTheBox() {
        SiteRenderer.HtmlPage page = (SiteRenderer.HtmlPage) renderer.render("/_search", "", "set up \"acme\"");
        assertTrue(page.html().contains("name=\"q\" value=\"set up &quot;acme&quot;\""), page.html());
        assertTrue(page.html().contains("<ol class=\"search-hits\">\n<li><a href=\"/guide#set-up-acme\">Guide</a>"), page.html());
    }
}
