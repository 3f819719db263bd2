package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs.json {@code theme} and {@code background} (Mintlify's organize/settings-appearance.mdx) on a rendered page. */
class MintlifyAppearanceTest {
    @TempDir
    Path dir;

    private String render(String docsJson) {
        new TestSites(dir).file("docs.json", docsJson).page("index", "Welcome.", "title: Home");
        SiteContent content = SiteReader.read(dir);
        Site site = new Site(new SiteConfig("acme", "acme", dir, Optional.empty()), content, null, null);
        SiteRenderer.Result result = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE).render("/", "", null);
        return assertInstanceOf(SiteRenderer.HtmlPage.class, result).html();
    }

    private List<String> problems() {
        return SiteReader.read(dir).problems().stream().filter(p -> p.file().equals("docs.json")).map(SiteProblem::toString).toList();
    }

    @Test
    void eachThemeAndDecorationIsAClassOfThePage() {
        for (String theme : dev.docsassistant.content.Appearance.THEMES) {
            String html = render("{\"name\": \"Acme\", \"theme\": \"" + theme.toUpperCase() + "\", \"background\": {\"decoration\": \"windows\"},"
                    + " \"navigation\": {\"pages\": [\"index\"]}}");
            assertTrue(html.contains("class=\"theme-" + theme + " decoration-windows\""), theme + ": " + html.substring(0, 300));
            assertEquals(List.of(), problems(), theme);
        }
    }

    @Test
    void anUnknownThemeIsAWarningNamingTheFieldAndTheDefaultLookIsKept() {
        String html = render("{\n  \"name\": \"Acme\",\n  \"theme\": \"oak\",\n  \"navigation\": {\"pages\": [\"index\"]}\n}\n");
        assertTrue(html.contains("class=\"theme-mint\""), html.substring(0, 300));
        assertTrue(html.contains("Welcome."), "the page is served");
        List<String> problems = problems();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("docs.json:3:"), "placed at its line: " + problems);
        assertTrue(problems.get(0).contains("theme must be one of mint, maple, palm, willow, linden, almond, aspen, sequoia, luma, got \"oak\""),
                problems.toString());
    }

    @Test
    void aBackgroundImageIsAVariableOfEachTheme() {
        String html = render("{\"name\": \"Acme\", \"theme\": \"luma\", \"navigation\": {\"pages\": [\"index\"]},"
                + " \"background\": {\"image\": {\"light\": \"/bg/light.png\", \"dark\": \"https://cdn.example/dark.png\"},"
                + " \"color\": {\"light\": \"#f8fafc\", \"dark\": \"#0f172a\"}}}");
        assertTrue(html.contains("--bg-light:#f8fafc;--bg-dark:#0f172a;--bg-image-light:url('/bg/light.png');"
                + "--bg-image-dark:url('https://cdn.example/dark.png')\">"), html.substring(0, 600));
        String refused = render("{\"name\": \"Acme\", \"navigation\": {\"pages\": [\"index\"]}, \"background\": {\"image\": \"javascript:alert(1)\"}}");
        assertTrue(!refused.contains("--bg-image") && !refused.contains("javascript:"), "a refused URL is left out");
    }
}
