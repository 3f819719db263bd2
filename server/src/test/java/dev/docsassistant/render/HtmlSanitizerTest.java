package dev.docsassistant.render;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the sanitizer keeps of elements the safelist lets in with URLs of their own, and of a page's own SVG. */
class HtmlSanitizerTest {
    private final HtmlSanitizer sanitizer = new HtmlSanitizer(new LinkResolver("/sites/t"));

    @Test
    void aVideoPosterPassesTheLinkCheckLikeAnImage() {
        for (String poster : new String[] {"javascript:alert(1)", " JaVaScRiPt:alert(1)", "jav&#x09;ascript:alert(1)",
                "data:image/svg+xml,<svg onload=alert(1)>", "//evil.example/p.png", "vbscript:msgbox(1)"}) {
            Document doc = Jsoup.parseBodyFragment(sanitizer.clean("<video poster=\"" + poster + "\" controls src=\"/v.mp4\"></video>"));
            assertEquals(1, doc.select("video").size(), poster);
            assertFalse(doc.selectFirst("video").hasAttr("poster"), poster + " → " + doc.body().html());
            assertEquals("/sites/t/v.mp4", doc.selectFirst("video").attr("src"), "the video itself stays");
        }
        Document kept = Jsoup.parseBodyFragment(sanitizer.clean("<video poster=\"/images/poster.png\"></video>"
                + "<video poster=\"https://cdn.example/p.png\"></video>"));
        assertEquals("/sites/t/images/poster.png", kept.select("video").get(0).attr("poster"), "a site path, placed like an image's");
        assertEquals("https://cdn.example/p.png", kept.select("video").get(1).attr("poster"));
    }

    @Test
    void aPagesOwnSvgIsNotKept() {
        String html = sanitizer.clean("<p>before</p><svg viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"5\"/>"
                + "<a href=\"https://evil.example\"><text>svg link</text></a><path d=\"M0 0\"/></svg><p>after</p>");
        Document doc = Jsoup.parseBodyFragment(html);
        assertTrue(doc.select("svg, circle, path, text").isEmpty(), html);
        assertTrue(doc.text().contains("before") && doc.text().contains("after"), html);
    }
}
