package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * The label above a page's title, as docs.json {@code styling.eyebrows} asks (organize/navigation.mdx,
 * "Breadcrumbs"; organize/settings-appearance.mdx): the page's section by default, the navigation path with
 * {@code breadcrumbs}; never a language's or a version's code.
 */
class PageEyebrowTest {
    private static final Pattern EYEBROW = Pattern.compile("<p class=\"eyebrow\">([^<]*)</p>");

    @TempDir
    Path dir;

    /** Tabs with groups, a nested group, a group with a root page, a page in no group and one outside the navigation. */
    private static String navigation(String styling) {
        return """
                {"name": "Acme", %s
                 "navigation": {"languages": [
                   {"language": "en", "tabs": [
                     {"tab": "Guides", "groups": [
                       {"group": "Start", "pages": ["index", {"group": "Deep", "pages": ["deep"]}]},
                       {"group": "Overview", "root": "overview", "pages": ["child"]}]},
                     {"tab": "API", "pages": ["loose"]}]},
                   {"language": "ar", "groups": [{"group": "البداية", "pages": ["ar/index"]}]}]}}
                """.formatted(styling);
    }

    private Optional<String> eyebrow(SiteRenderer renderer, String path) {
        SiteRenderer.Result result = renderer.render(path, "", null);
        Matcher m = EYEBROW.matcher(assertInstanceOf(SiteRenderer.HtmlPage.class, result, path + " → " + result).html());
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private SiteContent site(String styling) {
        new TestSites(dir).file("docs.json", navigation(styling))
                .page("index", "Welcome.", "title: Home")
                .page("deep", "Deep.", "title: Deep page")
                .page("overview", "All of it.", "title: Overview")
                .page("child", "A child.", "title: Child")
                .page("loose", "Loose.", "title: Loose")
                .page("hidden", "Not in the navigation.", "title: Hidden")
                .page("ar/index", "مرحبا.", "title: الرئيسية");
        return SiteReader.read(dir);
    }

    private SiteRenderer renderer(SiteContent content) {
        Site site = new Site(new SiteConfig("acme", "acme", dir, Optional.empty()), content, null, null);
        return new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
    }

    @Test
    void byDefaultAPageShowsTheGroupHoldingIt() {
        SiteRenderer renderer = renderer(site(""));
        assertEquals(Optional.of("Start"), eyebrow(renderer, "/"));
        assertEquals(Optional.of("Deep"), eyebrow(renderer, "/deep"), "the innermost group");
        assertEquals(Optional.of("Overview"), eyebrow(renderer, "/overview"), "a group's root page stands for the group");
        assertEquals(Optional.of("Overview"), eyebrow(renderer, "/child"));
        assertEquals(Optional.of("البداية"), eyebrow(renderer, "/ar"), "the group, not the language's code");
        assertEquals(Optional.empty(), eyebrow(renderer, "/loose"), "a page in no group has no section");
        assertEquals(Optional.empty(), eyebrow(renderer, "/hidden"), "nor has a page outside the navigation");
    }

    @Test
    void breadcrumbsShowThePathDownToThePage() {
        SiteRenderer renderer = renderer(site("\"styling\": {\"eyebrows\": \"breadcrumbs\"},"));
        assertEquals(Optional.of("Guides › Start › Deep"), eyebrow(renderer, "/deep"));
        assertEquals(Optional.of("Guides › Overview"), eyebrow(renderer, "/overview"));
        assertEquals(Optional.of("API"), eyebrow(renderer, "/loose"));
        assertEquals(Optional.of("البداية"), eyebrow(renderer, "/ar"), "a language is a switcher, not a place");
        assertEquals(Optional.empty(), eyebrow(renderer, "/hidden"));
    }

    @Test
    void anUnknownStyleIsAWarningNamingTheFieldAndTheSectionIsShown() {
        SiteContent content = site("\"styling\": {\"eyebrows\": \"path\"},");
        assertEquals(List.of("styling.eyebrows must be one of section, breadcrumbs, got \"path\""),
                content.problems().stream().map(p -> p.message()).toList());
        assertEquals(Optional.of("Deep"), eyebrow(renderer(content), "/deep"));
    }
}
