package dev.docsassistant.render;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.docsassistant.render.MintlifyCompatibilityTest.claim;
import static dev.docsassistant.config.Mappers.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The claims of docs/mintlify.md's rows about docs.json and front-matter settings, hosting and SEO. */
final class SettingsClaims {
    private SettingsClaims() {
    }

    private static void has(String html, String... parts) {
        for (String part : parts) {
            assertTrue(html.contains(part), "missing " + part + " in " + html);
        }
    }

    private static String head(MintlifyCompatibilityTest.Fixture f, String path) {
        String html = f.html(path);
        return html.substring(0, html.indexOf("</head>"));
    }

    static Map<String, MintlifyCompatibilityTest.Claim> all() {
        Map<String, MintlifyCompatibilityTest.Claim> c = new LinkedHashMap<>();
        c.put("Canonical URL, docs.json `seo.metatags.canonical`, front matter `canonical`", claim("works", f -> {
            has(head(f, "/settings/wide"), "<link rel=\"canonical\" href=\"/settings/wide\">");
            has(head(f, "/settings/social"), "<link rel=\"canonical\" href=\"https://docs.example.com/latest/social\">");
        }));
        c.put("Open Graph and Twitter tags, with front-matter overrides (`\"og:title\"`, `\"og:image\"`…)", claim("works", f -> {
            has(head(f, "/settings"), "<meta property=\"og:title\" content=\"Settings\">",
                    "<meta property=\"og:description\" content=\"The settings of docs.json and front matter\">",
                    "<meta name=\"twitter:card\" content=\"summary_large_image\">", "<meta name=\"twitter:title\" content=\"Settings\">");
            has(head(f, "/settings/social"), "<meta property=\"og:title\" content=\"Social media title\">",
                    "<meta property=\"og:image\" content=\"/images/social.png\">");
        }));
        c.put("docs.json `seo.metatags`", claim("works",
                f -> has(head(f, "/"), "<meta name=\"google-site-verification\" content=\"compat-token\">")));
        c.put("Generated OG image", claim("differs", f -> {
            has(head(f, "/settings"), "<meta property=\"og:image\" content=\"/_og/settings/index.png\">");
            assertTrue(f.renderer().render("/_og/settings/index.png", "", null) instanceof SiteRenderer.Generated g
                    && g.contentType().equals("image/png"));
        }));
        c.put("`noindex: true`, `hidden: true`, `seo.indexing`", claim("works", f -> {
            has(head(f, "/settings/quiet"), "<meta name=\"robots\" content=\"noindex\">");
            has(head(f, "/hidden"), "<meta name=\"robots\" content=\"noindex\">");
            assertFalse(head(f, "/settings/wide").contains("name=\"robots\""));
        }));
        c.put("Page `mode`", claim("differs", f -> {
            String wide = f.html("/settings/wide");
            has(wide, "<div class=\"layout mode-wide\">");
            assertFalse(wide.contains("<aside class=\"outline\""));
        }));
        c.put("Page `url` (external page)", claim("works",
                f -> has(f.html("/"), "<a href=\"https://www.npmjs.com/package/mint\" class=\"external\">npm package</a>")));
        c.put("Page and group `tag`", claim("works",
                f -> has(f.html("/"), "Settings <span class=\"nav-tag\">NEW</span>", ">Wide <span class=\"nav-tag\">BETA</span></a>")));
        c.put("`navigation.global` anchors and tabs", claim("works",
                f -> has(f.html("/"), "<ul class=\"sidebar-sections global-links\"><li><a href=\"https://example.com/blog\" class=\"external\">Blog</a>")));
        c.put("Group `expanded`", claim("works", f -> has(f.html("/"), "<details class=\"nav-subgroup\" open><summary")));
        c.put("`directory` (accordion, card) on a group's `root` page", claim("works",
                f -> has(f.prose("/settings"), "<nav class=\"directory\" aria-label=\"Settings\">", "<li><a href=\"/settings/wide\">Wide</a>")));
        c.put("docs.json `styling.eyebrows` (`section`, `breadcrumbs`)", claim("works", f -> {
            has(f.html("/settings/nested"), "<p class=\"eyebrow\">Nested</p>");
            has(f.html("/settings/wide"), "<p class=\"eyebrow\">Settings</p>");
            has(f.html("/"), "<p class=\"eyebrow\">Components</p>");
            List<dev.docsassistant.content.SiteProblem> problems = new java.util.ArrayList<>();
            assertTrue(dev.docsassistant.content.Appearance.read(JSON.readTree("{\"styling\": {\"eyebrows\": \"breadcrumbs\"}}"), problems).breadcrumbs());
            assertFalse(dev.docsassistant.content.Appearance.read(JSON.readTree("{\"styling\": {\"eyebrows\": \"path\"}}"), problems).breadcrumbs());
            assertEquals(List.of("docs.json /styling/eyebrows: styling.eyebrows must be one of section, breadcrumbs, got \"path\""),
                    problems.stream().map(Object::toString).toList());
        }));
        c.put("`interaction.drilldown`", claim("differs",
                f -> has(f.html("/"), "<li class=\"nav-drilldown\"><a href=\"/settings/nested\">Nested</a><details class=\"nav-subgroup\"")));
        c.put("docs.json `fonts` (`family`, `heading`, `body`, `weight`, `source`, `format`)", claim("differs", f -> has(head(f, "/"),
                "@font-face{font-family:\"Compat Sans\";src:url(\"/fonts/compat.woff2\") format(\"woff2\");font-weight:400",
                "body{font-family:\"Compat Sans\",")));
        c.put("docs.json `theme` (`mint`, `maple`, `palm`, `willow`, `linden`, `almond`, `aspen`, `sequoia`, `luma`)", claim("works", f -> {
            has(f.html("/"), "<html lang=\"en\" data-theme-default=\"system\" class=\"theme-maple\"");
            String css = new String(SiteAssets.fromClassPath().get("site.css").orElseThrow().bytes(), java.nio.charset.StandardCharsets.UTF_8);
            for (String theme : dev.docsassistant.content.Appearance.THEMES) {
                assertTrue(theme.equals("mint") || css.contains(".theme-" + theme), "the stylesheet gives " + theme + " its look");
            }
        }));
        c.put("docs.json `background.color` (`light`, `dark`)", claim("works", f -> has(f.html("/"), "--bg-light:#fcfcfd;--bg-dark:#0c0e14")));
        c.put("docs.json `background.image` (a path or URL, or `light` and `dark`)", claim("works", f -> {
            var links = new LinkResolver("/docs");
            assertEquals(";--bg-image-light:url('/docs/images/backdrop-light.svg');--bg-image-dark:url('/docs/images/backdrop-dark.svg')",
                    SiteBackground.imageVariables(JSON.readTree("{\"background\": {\"image\": {\"light\": \"/images/backdrop-light.svg\", "
                            + "\"dark\": \"/images/backdrop-dark.svg\"}}}"), links));
            assertEquals(";--bg-image-light:url('https://cdn.example/b.png?a=1&amp;b=2');--bg-image-dark:url('https://cdn.example/b.png?a=1&amp;b=2')",
                    SiteBackground.imageVariables(JSON.readTree("{\"background\": {\"image\": \"https://cdn.example/b.png?a=1&b=2\"}}"), links));
            assertEquals("", SiteBackground.imageVariables(JSON.readTree("{\"background\": {\"image\": \"/a'); x: url('/b.png\"}}"), links),
                    "a path that would end the url() is left out");
        }));
        c.put("docs.json `background.decoration` (`gradient`, `grid`, `windows`)", claim("works", f -> {
            for (String decoration : dev.docsassistant.content.Appearance.DECORATIONS) {
                assertEquals("theme-aspen decoration-" + decoration, SiteTheme.of(JSON.readTree("{\"theme\": \"aspen\", \"background\": "
                        + "{\"decoration\": \"" + decoration + "\"}}")).classes());
            }
        }));
        c.put("docs.json `theme` or `background.decoration` not one of the documented values", claim("refused", f -> {
            List<dev.docsassistant.content.SiteProblem> problems = new java.util.ArrayList<>();
            var look = dev.docsassistant.content.Appearance.read(JSON.readTree("{\"theme\": \"oak\", \"background\": {\"decoration\": \"dots\"}}"), problems);
            assertEquals("theme-mint", SiteTheme.of(JSON.readTree("{\"theme\": \"oak\", \"background\": {\"decoration\": \"dots\"}}")).classes());
            assertEquals(List.of("docs.json /theme: theme must be one of mint, maple, palm, willow, linden, almond, aspen, sequoia, luma, got \"oak\"",
                    "docs.json /background/decoration: background.decoration must be one of gradient, grid, windows, got \"dots\""),
                    problems.stream().map(Object::toString).toList());
            assertEquals("mint", look.theme());
            assertTrue(f.content().problems().stream().noneMatch(p -> p.file().equals("docs.json")), "the fixture's own theme is known");
        }));
        c.put("`.mintignore`", claim("works", f -> {
            assertTrue(f.content().page("drafts/plan").isEmpty(), "an ignored page is no page");
            assertTrue(f.renderer().render("/drafts/plan", "", null) instanceof SiteRenderer.HtmlPage p && p.status() == 404);
        }));
        c.put("Related topics: docs.json `related` (`mode`, `limit`), front matter `related`", claim("differs", f -> {
            String listed = f.html("/text");
            has(listed, "<nav class=\"related-topics\" aria-labelledby=\"da:related-topics\">", "<a href=\"/code\"><span>Code</span></a>",
                    "<a href=\"/math\"><span>Math on pages</span></a>",
                    "<a href=\"https://mintlify.com/docs/create/text\" target=\"_blank\" rel=\"noopener\"><span>Mintlify&#39;s text page</span>");
            List<String> suggested = RelatedTopicsTest.hrefs(f.html("/components"));
            assertFalse(suggested.isEmpty(), "automatic: the search for the title suggests pages");
            assertTrue(suggested.size() <= 3, "limit 3: " + suggested);
            assertFalse(suggested.contains("/components") || suggested.contains("/hidden"), suggested.toString());
        }));
        c.put("docs.json `search.prompt`", claim("works", f -> has(f.html("/"), "placeholder=\"Search the compat site\"")));
        c.put("`metadata.timestamp`, front matter `timestamp`, `lastUpdatedDate`", claim("differs", f -> {
            has(f.html("/settings/wide"), "Last modified on <time datetime=\"2026-03-04\">March 4, 2026</time>");
            assertFalse(f.html("/settings/social").contains("last-modified"));
        }));
        c.put("A site's own `llms.txt`, `llms-full.txt`", claim("works",
                f -> has(agents(f, "/llms.txt"), "A list written by hand.")));
        c.put("`skill.md`, `.mintlify/skills/`, `/.well-known/skills/`, `/.well-known/agent-skills/`", claim("differs", f -> {
            has(agents(f, "/skill.md"), "name: compat", "## Capabilities");
            has(agents(f, "/.well-known/agent-skills/index.json"), "\"url\" : \"/.well-known/agent-skills/deploy/SKILL.md\"", "sha256:");
        }));
        c.put("`/.well-known/mcp` discovery and server cards", claim("works",
                f -> has(agents(f, "/.well-known/mcp"), "\"url\" : \"https://docs.example/mcp\"")));
        c.put("Docs at a subpath (`example.com/docs` behind a reverse proxy)", claim("differs", f -> {
            // How the server serves it (the host filter, the API, sign-in) is SitePrefixTest's; here, what pages name.
            for (String path : java.util.List.of("/", "/settings", "/no-such-page")) {
                SiteRenderer.Result r = f.renderer().render(path, new LinkResolver("/docs", "/docs"), null, "https://example.com/docs",
                        ReaderValues.NONE);
                String html = ((SiteRenderer.HtmlPage) r).html();
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?:href|src|action)=\"(/[^\"]*)\"").matcher(html);
                int urls = 0;
                while (m.find()) {
                    assertTrue(m.group(1).startsWith("/docs/"), path + " names " + m.group(1));
                    urls++;
                }
                assertTrue(urls > 5, path + ": " + urls + " URLs");
                has(html, "\"base\":\"/docs\",\"api\":\"/docs\"");
            }
        }));
        c.put("`navigation.languages` codes and the interface text", claim("works", f -> {
            String ar = languages().html("/ar");
            has(ar, "<html lang=\"ar\" dir=\"rtl\"", ">انتقل إلى المحتوى</a>", "hreflang=\"zh-Hans\" data-language=\"cn\">简体中文</a>");
            has(languages().html("/cn"), "<html lang=\"zh-Hans\"", "placeholder=\"搜索…\"");
        }));
        c.put("Route visitors to their preferred language (`Accept-Language`)", claim("differs", f -> {
            assertTrue(languages().renderer().languageRoot("", "pt-PT,pt;q=0.9", null).orElseThrow().location().equals("/pt-BR"));
            assertTrue(languages().renderer().languageRoot("", "pt-PT", "en").isEmpty(), "the reader's pick wins");
            assertTrue(f.renderer().languageRoot("", "fr", null).isEmpty(), "off unless docs.json turns it on");
        }));
        return c;
    }

    private static MintlifyCompatibilityTest.Fixture languages;

    /** The site of the language rows: a language of each script, routing on ({@code src/test/resources/language-routing}). */
    private static synchronized MintlifyCompatibilityTest.Fixture languages() {
        if (languages == null) {
            java.nio.file.Path dir = java.nio.file.Path.of("src/test/resources/language-routing");
            dev.docsassistant.content.SiteContent content = dev.docsassistant.content.SiteReader.read(dir);
            languages = new MintlifyCompatibilityTest.Fixture(content, new SiteRenderer(new dev.docsassistant.sites.Site(
                    new dev.docsassistant.config.SiteConfig("polyglot", "acme", dir, java.util.Optional.empty()), content, null, null),
                    SiteAssets.fromClassPath(), null, Injected.NONE));
        }
        return languages;
    }

    private static String agents(MintlifyCompatibilityTest.Fixture f, String path) {
        dev.docsassistant.sites.Site site = new dev.docsassistant.sites.Site(new dev.docsassistant.config.SiteConfig("compat", "compat",
                f.content().dir(), java.util.Optional.empty()), f.content(), null, null);
        return new dev.docsassistant.publish.AgentFiles(site).get(path, "https://docs.example", false).orElseThrow().body();
    }
}
