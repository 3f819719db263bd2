package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The link check against {@code safety/urls.json}, the vectors the browser script's
 * {@code safeHref} is held to as well (clients/js/test/url-check.test.mjs).
 */
class SafeUrlTest {
    static JsonNode vectors() throws IOException {
        try (InputStream in = SafeUrlTest.class.getResourceAsStream("/safety/urls.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    @Test
    void linksAreReadAsBrowsersReadThem() throws IOException {
        JsonNode vectors = vectors();
        assertTrue(vectors.size() > 40);
        for (JsonNode v : vectors) {
            Optional<String> expected = v.get("href").isNull() ? Optional.empty() : Optional.of(v.get("href").asText());
            assertEquals(expected, SafeUrl.link(v.get("url").asText()), "link " + v.get("url"));
        }
    }

    @Test
    void embedsAllowRasterDataImagesOnly() {
        assertEquals(Optional.of("data:image/png;base64,iVBORw0KGgo="), SafeUrl.embed("data:image/png;base64,iVBORw0KGgo="));
        assertEquals(Optional.of("data:image/webp,x"), SafeUrl.embed("\u0001 data:image/webp,x"));
        assertEquals(Optional.empty(), SafeUrl.embed("data:image/svg+xml,<svg onload=alert(1)>"));
        assertEquals(Optional.empty(), SafeUrl.embed("data:text/html,<script>alert(1)</script>"));
        assertEquals(Optional.empty(), SafeUrl.embed("data:image/png"));
        assertEquals(Optional.empty(), SafeUrl.embed("jav\tascript:alert(1)"));
        assertEquals(Optional.of("/images/a.png"), SafeUrl.embed("/images/a.png"));
    }

    @Test
    void absoluteHttpNeedsAHost() {
        assertTrue(SafeUrl.isAbsoluteHttp("https://example.com/x"));
        assertTrue(!SafeUrl.isAbsoluteHttp("https:example.com") && !SafeUrl.isAbsoluteHttp("https://")
                && !SafeUrl.isAbsoluteHttp("/x") && !SafeUrl.isAbsoluteHttp("mailto:a@b.c"));
    }
}
