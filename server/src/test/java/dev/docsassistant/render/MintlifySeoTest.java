package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The head tags of Mintlify's optimize/seo: canonical, Open Graph, Twitter, seo.metatags, front matter, noindex; the preview picture. */
class MintlifySeoTest {
    private static final String BASE = "https://docs.acme.example";
    @TempDir
    static Path dir;
    private static SiteRenderer renderer;
    private static SiteContent content;

    @BeforeAll
    static void site() {
        new TestSites(dir)
                .file("docs.json", """
                        {"name": "Acme", "theme": "mint", "colors": {"primary": "#16a34a"},
                         "seo": {"metatags": {"google-site-verification": "token-123", "twitter:site": "@acme"}},
                         "navigation": {"groups": [{"group": "Start", "pages": ["index", "social", "quiet", "hush"]},
                           {"group": "Secret", "hidden": true, "pages": ["internal"]}]}}
                        """)
                .page("index", "Welcome.", "title: Home", "description: The Acme docs", "keywords: [setup, start]")
                .page("social", "Shared a lot.", "title: Social", "description: Plain description",
                        "\"og:title\": Social media title", "\"og:image\": /images/social.png", "canonical: https://acme.example/latest/social")
                .page("quiet", "Not for crawlers.", "title: Quiet", "noindex: true")
                .page("hush", "By link only.", "title: Hush", "hidden: true")
                .page("internal", "In a hidden group.", "title: Internal")
                .page("orphan", "Outside the navigation.", "title: Orphan");
        content = SiteReader.read(dir);
        Site site = new Site(new SiteConfig("acme", "acme", dir, Optional.empty()), content, null, null);
        renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
    }

    private static String head(String path) {
        SiteRenderer.Result result = renderer.render(path, "", null, BASE);
        String html = assertInstanceOf(SiteRenderer.HtmlPage.class, result, path + " → " + result).html();
        return html.substring(0, html.indexOf("</head>"));
    }

    @Test
    void everyPageCarriesCanonicalOpenGraphAndTwitterTags() {
        String head = head("/");
        assertTrue(head.contains("<link rel=\"canonical\" href=\"https://docs.acme.example/\">"), head);
        assertTrue(head.contains("<meta property=\"og:url\" content=\"https://docs.acme.example/\">"), head);
        assertTrue(head.contains("<meta property=\"og:type\" content=\"website\">"), head);
        assertTrue(head.contains("<meta property=\"og:site_name\" content=\"Acme\">"), head);
        assertTrue(head.contains("<meta property=\"og:title\" content=\"Home\">"), head);
        assertTrue(head.contains("<meta property=\"og:description\" content=\"The Acme docs\">"), head);
        assertTrue(head.contains("<meta property=\"og:image\" content=\"https://docs.acme.example/_og/index.png\">"), head);
        assertTrue(head.contains("<meta property=\"og:image:width\" content=\"1200\">"), head);
        assertTrue(head.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"), head);
        assertTrue(head.contains("<meta name=\"twitter:title\" content=\"Home\">"), head);
        assertTrue(head.contains("<meta name=\"twitter:description\" content=\"The Acme docs\">"), head);
        assertTrue(head.contains("<meta name=\"twitter:image\" content=\"https://docs.acme.example/_og/index.png\">"), head);
        assertTrue(head.contains("<meta name=\"keywords\" content=\"setup, start\">"), head);
        assertTrue(head.contains("<meta name=\"google-site-verification\" content=\"token-123\">"), "seo.metatags: " + head);
        assertTrue(head.contains("<meta name=\"twitter:site\" content=\"@acme\">"), head);
        assertFalse(head.contains("name=\"robots\""), head);
    }

    @Test
    void frontMatterTagsOverrideTheGeneratedOnes() {
        String head = head("/social");
        assertTrue(head.contains("<link rel=\"canonical\" href=\"https://acme.example/latest/social\">"), head);
        assertTrue(head.contains("<meta property=\"og:title\" content=\"Social media title\">"), head);
        assertTrue(head.contains("<meta name=\"twitter:title\" content=\"Social media title\">"), "twitter falls back to og: " + head);
        assertTrue(head.contains("<meta property=\"og:description\" content=\"Plain description\">"), head);
        assertTrue(head.contains("<meta property=\"og:image\" content=\"https://docs.acme.example/images/social.png\">"), head);
        assertFalse(head.contains("og:image:width"), "a static image has no generated size: " + head);
    }

    @Test
    void noindexAsDocumented() {
        assertTrue(head("/quiet").contains("<meta name=\"robots\" content=\"noindex\">"));
        assertTrue(head("/hush").contains("<meta name=\"robots\" content=\"noindex\">"));
        assertTrue(head("/internal").contains("<meta name=\"robots\" content=\"noindex\">"), "under a hidden group");
        assertFalse(head("/orphan").contains("name=\"robots\""), "outside the navigation: only out of the sitemap");
    }

    @Test
    void aGlobalCanonicalIsABaseForEveryPage() throws Exception {
        Path other = dir.resolveSibling(dir.getFileName() + "-canonical");
        new TestSites(other).file("docs.json", """
                {"name": "Acme", "seo": {"metatags": {"canonical": "https://www.acme.example/"}},
                 "navigation": {"groups": [{"group": "Start", "pages": ["guide/start"]}]}}
                """).page("guide/start", "Go.", "title: Start");
        Site site = new Site(new SiteConfig("other", "other", other, Optional.empty()), SiteReader.read(other), null, null);
        String html = ((SiteRenderer.HtmlPage) new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE)
                .render("/guide/start", "", null, BASE)).html();
        assertTrue(html.contains("<link rel=\"canonical\" href=\"https://www.acme.example/guide/start\">"), html);
        assertFalse(html.contains("<meta name=\"canonical\""), html);
    }

    @Test
    void eachPageHasItsPreviewPictureMadeOncePerDeployment() throws IOException {
        SiteRenderer.Generated first = assertInstanceOf(SiteRenderer.Generated.class, renderer.render("/_og/index.png", "", null, BASE));
        assertEquals("image/png", first.contentType());
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(first.bytes()));
        assertEquals(1200, image.getWidth());
        assertEquals(630, image.getHeight());
        assertEquals(0x16a34a, image.getRGB(600, 4) & 0xffffff, "the primary colour's band");
        SiteRenderer.Generated again = (SiteRenderer.Generated) renderer.render("/_og/index.png", "", null, BASE);
        assertSame(first.bytes(), again.bytes(), "cached");
        SiteRenderer.Generated social = (SiteRenderer.Generated) renderer.render("/_og/social.png", "", null, BASE);
        assertFalse(java.util.Arrays.equals(first.bytes(), social.bytes()), "another title, another picture");
        assertEquals(404, ((SiteRenderer.HtmlPage) renderer.render("/_og/missing.png", "", null, BASE)).status());
        // Light on CPU: measured, printed for the record (no timing decides the test).
        int n = 20;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            OgImage.png("Acme", "A rather long page title that takes two lines " + i, "Its description, also long enough to wrap.", "#16a34a", SiteTheme.DARK_BG);
        }
        System.out.printf("preview picture: %.1f ms each%n", (System.nanoTime() - start) / 1e6 / n);
        assertNotEquals(0, first.bytes().length);
        assertArrayEquals(first.bytes(), again.bytes());
    }

    @Test
    void aSiteWithoutAnAddressGetsItsPathsOnce() {
        // No url configured and none given: the loopback form, links relative to /sites/acme.
        SiteRenderer.Result result = renderer.render("/social", "/sites/acme", null);
        String html = assertInstanceOf(SiteRenderer.HtmlPage.class, result).html();
        String head = html.substring(0, html.indexOf("</head>"));
        assertTrue(head.contains("<meta property=\"og:image\" content=\"/sites/acme/images/social.png\">"), head);
        result = renderer.render("/quiet", "/sites/acme", null);
        head = assertInstanceOf(SiteRenderer.HtmlPage.class, result).html();
        assertTrue(head.contains("<meta property=\"og:url\" content=\"/sites/acme/quiet\">"), head);
        assertTrue(head.contains("<meta property=\"og:image\" content=\"/sites/acme/_og/quiet.png\">"), head);
        assertFalse(head.contains("/sites/acme/sites/acme"), head);
    }
}
