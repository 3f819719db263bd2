package dev.docsassistant.render;

import dev.docsassistant.config.Mappers;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs.json fonts (Mintlify's customize/fonts): faces, families, weights, and font-src for their hosts. */
class SiteFontsTest {
    @TempDir
    Path dir;

    @Test
    void headingAndBodyFacesWithTheirHostsAllowed() {
        new TestSites(dir).file("docs.json", """
                {"name": "Acme", "navigation": {"groups": [{"group": "G", "pages": ["index"]}]},
                 "fonts": {"heading": {"family": "Hubot Sans", "source": "https://fonts.acme.example/hubot.woff2", "format": "woff2", "weight": 700},
                           "body": {"family": "InterDisplay", "source": "/fonts/inter.woff", "format": "woff", "weight": 400}}}
                """).page("index", "Hi.", "title: Home").file("fonts/inter.woff", "wOFF");
        Site site = new Site(new SiteConfig("acme", "acme", dir, Optional.empty()), SiteReader.read(dir), null, null);
        SiteRenderer renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
        String html = ((SiteRenderer.HtmlPage) renderer.render("/", "/sites/acme", null)).html();
        assertTrue(html.contains("@font-face{font-family:\"InterDisplay\";src:url(\"/sites/acme/fonts/inter.woff\") format(\"woff\");font-weight:400;font-display:swap}"), html);
        assertTrue(html.contains("@font-face{font-family:\"Hubot Sans\";src:url(\"https://fonts.acme.example/hubot.woff2\") format(\"woff2\");font-weight:700"), html);
        assertTrue(html.contains("body{font-family:\"InterDisplay\",ui-sans-serif"), html);
        assertTrue(html.contains("h1,h2,h3,h4,h5,h6{font-family:\"Hubot Sans\",ui-sans-serif"), html);
        assertTrue(renderer.csp().contains("font-src 'self' https://fonts.acme.example"), renderer.csp());
        assertTrue(renderer.render("/fonts/inter.woff", "", null) instanceof SiteRenderer.SiteFile f && f.contentType().equals("font/woff"));
    }

    @Test
    void oneFamilyForEverythingAndNothingThatEscapesTheRule() throws Exception {
        SiteFonts one = SiteFonts.of(Mappers.JSON.readTree("{\"fonts\": {\"family\": \"Inter\"}}"));
        assertEquals(java.util.List.of(), one.hosts());
        assertTrue(one.css().startsWith("body{font-family:\"Inter\","), one.css());
        SiteFonts hostile = SiteFonts.of(Mappers.JSON.readTree(
                "{\"fonts\": {\"family\": \"X\\\"}</style><script>\", \"source\": \"https://a.example/x.woff2\\\");}body{color:red\"}}"));
        assertFalse(hostile.css().contains("</style>") || hostile.css().contains("color:red"), hostile.css());
        assertEquals(java.util.List.of(), hostile.hosts());
    }
}
