package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.sites.Site;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rendered HTML of a small site that uses every component, hostile input, versions, languages and redirects. */
class SiteRendererTest {
    @TempDir
    static Path dir;
    private static SiteRenderer renderer;
    private static Site site;

    @BeforeAll
    static void site() {
        new TestSites(dir)
                .file("docs.json", """
                        {"name": "Test <Docs>", "theme": "mint", "colors": {"primary": "#112233"},
                         "navbar": {"links": [{"label": "Status", "href": "https://status.example.com"}]},
                         "redirects": [
                           {"source": "/old/:slug", "destination": "/v2/:slug"},
                           {"source": "/temp", "destination": "/v2/intro", "permanent": false},
                           {"source": "/archive/:rest*", "destination": "/v2/:rest*"},
                           {"source": "/status", "destination": "https://status.example.com/"}],
                         "errors": {"404": {"title": "Lost?", "description": "Nothing <here>."}},
                         "navigation": {"languages": [
                           {"language": "en", "versions": [
                             {"version": "v2", "default": true, "groups": [
                               {"group": "Guide", "pages": ["v2/intro", "v2/components", "v2/evil",
                                 {"group": "Internals", "hidden": true, "pages": ["v2/internal"]},
                                 {"group": "More", "pages": ["v2/more"]}]}]},
                             {"version": "v1", "groups": [{"group": "Guide", "pages": ["v1/intro"]}]}]},
                           {"language": "fr", "versions": [
                             {"version": "v2", "groups": [{"group": "Guide", "pages": ["fr/v2/intro"]}]}]}]}}
                        """)
                .page("v2/intro", "Welcome. See [components](/v2/components) and [the API](./components.mdx#steps).",
                        "title: Introduction", "description: Start here", "sidebarTitle: Intro")
                .page("v1/intro", "The old introduction.", "title: Introduction (v1)")
                .page("fr/v2/intro", "Bienvenue.", "title: Introduction (fr)")
                .page("v2/more", "More.", "title: More")
                .page("v2/internal", "Internal notes.", "title: Internal")
                .page("v2/unlisted", "Only by URL.", "title: Unlisted", "hidden: true")
                .page("v2/secret", "For admins.", "title: Secret", "groups: [admin]")
                .page("v2/components", """
                        import Shared from '/snippets/shared.mdx';

                        ## Callouts

                        <Note>A **note** with [a link](/v2/intro).</Note>

                        <Warning>
                          Careful.
                        </Warning>

                        <Tip>A tip.</Tip>

                        <Info>Some info.</Info>

                        ## Cards

                        <CardGroup cols={3}>
                          <Card title="Quickstart" icon="rocket" href="/v2/intro">
                            Start in five minutes.
                          </Card>
                          <Card title="Plain card">No link.</Card>
                        </CardGroup>

                        ## Steps

                        <Steps>
                          <Step title="Install">
                            Run `npm i`.
                          </Step>
                          <Step title="Configure">
                            Edit the file.
                          </Step>
                        </Steps>

                        ## Tabs

                        <Tabs>
                          <Tab title="npm">
                            ```bash
                            npm i acme
                            ```
                          </Tab>
                          <Tab title="yarn">Use yarn.</Tab>
                        </Tabs>

                        <CodeGroup>
                        ```bash npm
                        npm i acme
                        ```

                        ```bash yarn
                        yarn add acme
                        ```
                        </CodeGroup>

                        <AccordionGroup>
                          <Accordion title="What is it?">An accordion body.</Accordion>
                        </AccordionGroup>

                        <Frame caption="A diagram">
                          <img src="/images/diagram.png" alt="Diagram" />
                        </Frame>

                        ## Fields

                        <ParamField path="id" type="string" required>
                          The identifier.
                        </ParamField>

                        <ResponseField name="items" type="Item[]">
                          The items.
                          <Expandable title="properties">
                            <ResponseField name="name" type="string">Its name.</ResponseField>
                          </Expandable>
                        </ResponseField>

                        <Update label="2025-01-01" description="v2.0">
                          Released.
                        </Update>

                        ```mermaid
                        graph TD; A-->B;
                        ```

                        | Attempt | Delay |
                        | --- | --- |
                        | 1 | 10 s |

                        Hover <Tooltip tip="Application Programming Interface">API</Tooltip> and a <Badge>beta</Badge> badge.

                        <Shared />
                        """, "title: Components")
                .file("snippets/shared.mdx", "Shared **snippet** text.\n")
                .file("images/diagram.png", "not really a png")
                .file("secrets/.env", "TOKEN=x")
                .page("v2/evil", """
                        <script>alert(1)</script>

                        <img src="x" onerror="alert(2)" />

                        [click](javascript:alert(3))

                        <a href="javascript:alert(4)">bad link</a>

                        <Card title='"><script>alert(5)</script>' href="javascript:alert(6)">card body</Card>

                        <FancyWidget foo="bar">Inner words survive.</FancyWidget>

                        <div onclick="alert(7)" style="position:fixed">styled div</div>

                        <iframe src="https://www.youtube.com/embed/xyz" title="A video"></iframe>
                        """, "title: Evil </title><script>alert(8)</script>");
        site = new Site(new SiteConfig("t", "acme", dir, Optional.empty()), SiteReader.read(dir), null, null);
        renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), "svc_dsc_test", Injected.NONE);
    }

    private static String html(String path) {
        return html(renderer, path, "/sites/t");
    }

    private static String html(SiteRenderer r, String path, String base) {
        SiteRenderer.Result result = r.render(path, base, null);
        SiteRenderer.HtmlPage page = assertInstanceOf(SiteRenderer.HtmlPage.class, result, path + " → " + result);
        assertEquals(200, page.status(), path);
        return page.html();
    }

    private static String prose(String html) {
        return html.substring(html.indexOf("<div class=\"prose\">"), html.indexOf("</article>"));
    }

    @Test
    void pageHasTitleDescriptionAndResolvedLinks() {
        String html = html("/v2/intro");
        assertTrue(html.contains("<title>Introduction · Test &lt;Docs&gt;</title>"), html);
        assertTrue(html.contains("<h1>Introduction</h1>"));
        assertTrue(html.contains("<p class=\"lead\">Start here</p>"));
        assertTrue(html.contains("href=\"/sites/t/v2/components\""));
        assertTrue(html.contains("href=\"./components#steps\""), "source extension dropped from relative links");
        assertTrue(html.contains("<meta name=\"theme-color\" content=\"#112233\">"));
        String atRoot = html(renderer, "/v2/intro", "");
        assertTrue(atRoot.contains("href=\"/v2/components\""), "served at the root of its host, links stay site-absolute");
    }

    @Test
    void componentsBecomeReadableHtml() {
        String p = prose(html("/v2/components"));
        assertTrue(p.contains("<div class=\"callout callout-note\" role=\"note\">"), p);
        assertTrue(p.contains("<strong>note</strong>"), "Markdown inside a component is still Markdown");
        assertTrue(p.contains("callout-warning") && p.contains("callout-tip") && p.contains("callout-info"));
        assertTrue(p.contains("<div class=\"card-group cols-3\">"));
        assertTrue(p.contains("<a class=\"card-title card-link\" href=\"/sites/t/v2/intro\">Quickstart</a>"));
        assertTrue(p.contains("<div class=\"card-title\">Plain card</div>"));
        assertTrue(p.contains("<ol class=\"steps\">") && p.contains("<div class=\"step-title\">Install</div>"));
        assertTrue(p.contains("<code>npm i</code>"));
        assertTrue(p.contains("<div class=\"tabs\">") && p.contains("<div class=\"tab-title\">yarn</div>"));
        assertTrue(p.contains("<div class=\"code-title\">npm</div><pre tabindex=\"0\"><code class=\"language-bash\">npm i acme"));
        assertTrue(p.contains("<div class=\"code-title\">yarn</div>"));
        assertTrue(p.contains("<details class=\"accordion\"><summary>What is it?</summary>"));
        assertTrue(p.contains("<figure class=\"frame\">") && p.contains("<figcaption>A diagram</figcaption>"));
        assertTrue(p.contains("<img src=\"/sites/t/images/diagram.png\" alt=\"Diagram\">"), p);
        assertTrue(p.contains("<code class=\"field-name\">id</code><span class=\"field-meta\">path</span>"
                + "<span class=\"field-meta field-type\">string</span><span class=\"field-required\">required</span>"));
        assertTrue(p.contains("<code class=\"field-name\">items</code>") && p.contains("<details class=\"expandable\"><summary>properties</summary>"));
        assertTrue(p.contains("<div class=\"update-label\">2025-01-01</div>"));
        assertTrue(p.contains("<div class=\"mermaid-diagram\"><pre tabindex=\"0\" class=\"mermaid-source\"><code>graph TD; A--&gt;B;"), "a diagram for the site script to draw: " + p);
        assertTrue(p.contains("<table tabindex=\"0\">") && p.contains("<th>Attempt</th>"), "a table that scrolls can be reached by keyboard");
        assertTrue(p.contains("<span class=\"tooltip\" tabindex=\"0\">API<span class=\"tooltip-box\" role=\"tooltip\">Application Programming Interface</span></span>"), p);
        assertTrue(p.contains("<span class=\"badge\">beta</span>"));
        assertTrue(p.contains("Shared <strong>snippet</strong> text."), "imported snippets are inlined");
        assertTrue(p.contains("<h2 id=\"callouts\">Callouts</h2>"), "heading anchors match search's anchors");
        assertFalse(p.matches("(?s).*&lt;/?[A-Z].*"), p);
    }

    @Test
    void hostileContentCannotRunOrBreakOut() {
        String html = html("/v2/evil");
        String p = prose(html);
        assertFalse(p.contains("<script"), p);
        assertFalse(p.toLowerCase().contains("onerror") || p.toLowerCase().contains("onclick"), p);
        assertFalse(p.contains("javascript:"), p);
        assertFalse(p.contains("style="), p);
        assertTrue(p.contains("Inner words survive."), "unknown components keep their content");
        assertFalse(p.contains("FancyWidget"), "and leave no raw JSX");
        assertTrue(p.contains("<a class=\"embed-link\" href=\"https://www.youtube.com/embed/xyz\" rel=\"noopener\">A video</a>"));
        assertTrue(html.contains("<title>Evil &lt;/title&gt;&lt;script&gt;alert(8)&lt;/script&gt; · Test &lt;Docs&gt;</title>"));
        assertEquals(3, html.split("<script", -1).length - 1, "only the theme boot script, the config and the site script: " + html);
    }

    @Test
    void sidebarListsNavigationButNotHiddenPages() {
        String html = html("/v2/intro");
        String sidebar = html.substring(html.indexOf("<nav class=\"sidebar\""), html.indexOf("<main"));
        assertTrue(sidebar.contains("<p class=\"nav-group-title\">Guide</p>"));
        assertTrue(sidebar.contains("href=\"/sites/t/v2/intro\" class=\"active\" aria-current=\"page\">Intro<"),
                "the sidebar shows the sidebarTitle");
        assertTrue(sidebar.contains("href=\"/sites/t/v2/components\""));
        assertTrue(sidebar.contains("<summary>More</summary>"));
        assertFalse(sidebar.contains("v2/internal"), "a hidden group is not listed");
        assertFalse(sidebar.contains("v2/unlisted"));
        assertFalse(sidebar.contains("v1/intro"), "another version's pages are not in this sidebar");
        assertTrue(html("/v2/internal").contains("<h1>Internal</h1>"), "hidden pages are reachable by URL");
        assertTrue(html("/v2/unlisted").contains("<h1>Unlisted</h1>"));
        assertEquals(404, ((SiteRenderer.HtmlPage) renderer.render("/v2/secret", "/sites/t", null)).status(),
                "pages for access groups are not public");
    }

    @Test
    void theKeptSidebarMarksOnlyTheCurrentPageAndOpensOnlyTheGroupsOnItsWay() {
        // The section's sidebar is rendered once and reused: each page must still get its own marks.
        for (int round = 0; round < 2; round++) {
            String intro = sidebar(html("/v2/intro"));
            assertEquals(1, count(intro, "aria-current=\"page\""), intro);
            assertTrue(intro.contains("href=\"/sites/t/v2/intro\" class=\"active\" aria-current=\"page\">Intro<"), intro);
            assertTrue(intro.contains("<details class=\"nav-subgroup\"><summary>More</summary>"), "closed off the way: " + intro);
            String more = sidebar(html("/v2/more"));
            assertEquals(1, count(more, "aria-current=\"page\""), more);
            assertTrue(more.contains("href=\"/sites/t/v2/more\" class=\"active\" aria-current=\"page\">More<"), more);
            assertTrue(more.contains("href=\"/sites/t/v2/intro\">Intro<"), more);
            assertTrue(more.contains("<details class=\"nav-subgroup\" open><summary>More</summary>"), "open on the way: " + more);
            String elsewhere = sidebar(html(renderer, "/v2/more", ""));
            assertTrue(elsewhere.contains("href=\"/v2/more\" class=\"active\" aria-current=\"page\">More<"),
                    "served at another base, the links are that base's: " + elsewhere);
            String notFound = ((SiteRenderer.HtmlPage) renderer.render("/nothing-here", "/sites/t", null)).html();
            assertEquals(0, count(sidebar(notFound), "aria-current=\"page\""), "no current page on the 404 page");
        }
        String pager = html("/v2/components");
        pager = pager.substring(pager.indexOf("<nav class=\"pager\">"));
        assertTrue(pager.contains("rel=\"prev\" href=\"/sites/t/v2/intro\"") && pager.contains("rel=\"next\" href=\"/sites/t/v2/evil\""),
                pager.substring(0, Math.min(400, pager.length())));
    }

    private static String sidebar(String html) {
        return html.substring(html.indexOf("<nav class=\"sidebar\""), html.indexOf("<main"));
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void versionAndLanguageSwitchersLinkToTheCounterpartPage() {
        String html = html("/v2/intro");
        String version = html.substring(html.indexOf("data-switcher=\"version\""));
        version = version.substring(0, version.indexOf("</details>"));
        assertTrue(version.contains("<summary aria-label=\"v2 (version)\">v2</summary>"), version);
        assertTrue(version.contains("<a href=\"/sites/t/v1/intro\">v1</a>"), version);
        String language = html.substring(html.indexOf("data-switcher=\"language\""));
        language = language.substring(0, language.indexOf("</details>"));
        assertTrue(language.contains("<a href=\"/sites/t/fr/v2/intro\" hreflang=\"fr\" data-language=\"fr\">Français</a>"), language);
        assertTrue(html.contains("<html lang=\"en\" "));
        assertTrue(html("/fr/v2/intro").contains("<html lang=\"fr\" "));
        assertTrue(html("/v1/intro").contains("<summary aria-label=\"v1 (version)\">v1</summary>"));
    }

    @Test
    void redirectsHonourPermanenceAndParameters() {
        assertEquals(new SiteRenderer.Redirect(308, "/sites/t/v2/intro"), renderer.render("/old/intro", "/sites/t", null));
        assertEquals(new SiteRenderer.Redirect(307, "/sites/t/v2/intro"), renderer.render("/temp", "/sites/t", null));
        assertEquals(new SiteRenderer.Redirect(308, "/v2/a/b"), renderer.render("/archive/a/b", "", null));
        assertEquals(new SiteRenderer.Redirect(308, "https://status.example.com/"), renderer.render("/status", "/sites/t", null));
        assertEquals(new SiteRenderer.Redirect(307, "/sites/t/v2/intro"), renderer.render("/", "/sites/t", null),
                "the home page is the first page of the navigation");
    }

    @Test
    void filesOfTheSiteAreServedButNotItsSources() {
        SiteRenderer.SiteFile image = assertInstanceOf(SiteRenderer.SiteFile.class, renderer.render("/images/diagram.png", "", null));
        assertEquals("image/png", image.contentType());
        for (String hidden : List.of("/docs.json", "/v2/intro.mdx", "/secrets/.env", "/../docs.json", "/images/../docs.json")) {
            SiteRenderer.Result r = renderer.render(hidden, "", null);
            assertFalse(r instanceof SiteRenderer.SiteFile, hidden + " → " + r);
        }
    }

    @Test
    void unknownPathsGetTheNotFoundPage() {
        SiteRenderer.HtmlPage page = assertInstanceOf(SiteRenderer.HtmlPage.class, renderer.render("/nope", "/sites/t", null));
        assertEquals(404, page.status());
        assertTrue(page.html().contains("<h1>Lost?</h1>"), "errors.404 sets the title");
        assertTrue(page.html().contains("<p>Nothing &lt;here&gt;.</p>"));
        assertTrue(page.html().contains("class=\"sidebar\""), "with the site's navigation around it");
    }

    @Test
    void assistantKeyAndPageContextAreInThePage() {
        String html = html("/v2/intro");
        assertTrue(html.contains("<script type=\"application/json\" id=\"da:config\">{\"domain\":\"t\","
                + "\"base\":\"/sites/t\",\"api\":\"/sites/t/_api\",\"currentPath\":\"/v2/intro\",\"assistantKey\":\"svc_dsc_test\",\"answerFeedback\":true,\"version\":\"v2\","
                + "\"language\":\"en\",\"strings\":{"), html);
        assertTrue(html.contains("<script type=\"module\" src=\"/_assets/site.js?v="), "the site script is a module");
        assertTrue(html.contains("<aside class=\"assistant\" id=\"da:assistant\""));
        assertTrue(html.contains("<form class=\"search\" role=\"search\" action=\"/sites/t/_search\""));
    }

    @Test
    void withoutAKeyThePageSaysTheAssistantIsOff() {
        String withKey = html("/v2/intro");
        assertTrue(withKey.contains("data-open-assistant hidden>Ask AI</button>"));
        assertTrue(withKey.contains("data-feedback"));
        assertFalse(withKey.contains("assistant-off"));
        String html = html(new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE), "/v2/intro", "/sites/t");
        assertTrue(html.contains("\"assistantKey\":null"));
        assertTrue(html.contains("<span class=\"assistant-off\""), "a short note instead of the Ask AI button");
        assertFalse(html.contains("data-open-assistant"));
        assertFalse(html.contains("data-feedback"), "feedback posts to the API too");
        assertTrue(html.contains("<form class=\"search\" role=\"search\" action=\"/sites/t/_search\""),
                "the server-rendered search page needs no key");
    }

    @Test
    void integrationsAreInjectedAndBuildThePolicy() {
        Injected injected = new Injected("<script async src=\"https://www.googletagmanager.com/gtag/js?id=G-1\"></script>\n",
                "<noscript>start</noscript>\n", "<div id=\"chat-end\"></div>\n",
                Map.of("script-src", List.of("https://www.googletagmanager.com", "evil.com; script-src *"),
                        "connect-src", List.of("https://us.i.posthog.com")),
                List.of("'sha256-abc123='"), false);
        SiteRenderer r = new SiteRenderer(site, SiteAssets.fromClassPath(), null, injected);
        String html = html(r, "/v2/intro", "");
        String head = html.substring(0, html.indexOf("</head>"));
        assertTrue(head.contains("https://www.googletagmanager.com/gtag/js?id=G-1"));
        assertTrue(html.contains("<body>\n<noscript>start</noscript>"));
        assertTrue(html.endsWith("<div id=\"chat-end\"></div>\n</body>\n</html>\n"));
        assertFalse(html.contains("data-feedback"), "telemetry off removes the feedback controls");
        assertTrue(html("/v2/intro").contains("data-feedback"));
        String csp = r.csp();
        assertTrue(csp.contains("script-src 'self' https://www.googletagmanager.com 'sha256-abc123='"), csp);
        assertTrue(csp.contains("connect-src 'self' https://us.i.posthog.com"), csp);
        assertFalse(csp.contains("evil.com"), "a source that is not a host is dropped: " + csp);
        assertFalse(csp.substring(csp.indexOf("script-src"), csp.indexOf(';', csp.indexOf("script-src"))).contains("unsafe"));
        assertTrue(csp.contains("object-src 'none'") && csp.contains("base-uri 'self'"));
    }

    @Test
    void realPluginsAreGatedByConsentAndCannotBreakOut() throws Exception {
        var integrations = dev.docsassistant.integrations.Integrations.classPath();
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree("""
                {"ga4": {"measurementId": "G-ABC123"},
                 "posthog": {"apiKey": "phc_</script><script>alert(1)//"},
                 "cookies": {"key": "docs-consent", "value": "granted"},
                 "telemetry": {"enabled": false}}
                """);
        SiteRenderer r = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.of(integrations.render(json)));
        String html = html(r, "/v2/intro", "");
        String head = html.substring(0, html.indexOf("</head>"));
        assertTrue(head.contains("<script type=\"text/plain\" data-consent src=\"https://www.googletagmanager.com/gtag/js?id=G-ABC123\""),
                "analytics wait for consent: " + head);
        assertTrue(html.contains("(\"docs-consent\",\"granted\")"), "the consent check reads the cookies setting");
        assertFalse(html.contains("alert(1)"), "an invalid value is left out, never spliced into a script");
        assertFalse(html.contains("data-feedback"));
        // Every inline script, the held-back ones included, is allowed by its hash; nothing else inline is.
        Matcher m = Pattern.compile("<script\\b([^>]*)>(.*?)</script>", Pattern.DOTALL).matcher(html);
        int inline = 0;
        while (m.find()) {
            if (!m.group(1).contains("src=") && !m.group(1).contains("application/json") && !m.group(2).isEmpty()) {
                inline++;
                String hash = "'sha256-" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                        .digest(m.group(2).getBytes(StandardCharsets.UTF_8))) + "'";
                assertTrue(r.csp().contains(hash), "hash of " + m.group(2) + " in " + r.csp());
            }
        }
        assertTrue(inline >= 2, "the gtag config and the consent loader");
        assertTrue(r.csp().contains("www.googletagmanager.com"));
    }

    @Test
    void searchPageWorksWithoutJavaScript() {
        // No search index in this unit test: an empty query still renders the page.
        String html = html("/_search");
        assertTrue(html.contains("<h1>Search</h1>"));
    }
}
