package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs.json {@code contextual} {@code download-spec}: endpoint pages offer their API description in
 * the page menu, at the address the site serves that file; other pages and sites without the option
 * offer nothing.
 */
class ApiSpecDownloadTest {
    private static final String SPEC = """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
             "paths": {"/keys": {"get": {"summary": "List keys", "responses": {"200": {"description": "OK"}}}}}}""";

    private static SiteRenderer site(Path dir, String options) {
        new TestSites(dir).file("docs.json", """
                        {"name": "T", "contextual": {"options": %s},
                         "navigation": {"groups": [{"group": "Guide", "pages": ["guide"]}, {"group": "API", "openapi": "openapi.json"}]}}"""
                        .formatted(options))
                .file("openapi.json", SPEC).page("guide", "Prose.", "title: Guide");
        var content = SiteReader.read(dir);
        assertEquals(List.of(), content.problems(), "download-spec is an option of this server, no warning");
        return new SiteRenderer(new Site(new SiteConfig("t", "acme", dir, Optional.empty()), content, null, null),
                SiteAssets.fromClassPath(), null, Injected.NONE);
    }

    private static String html(SiteRenderer r, String path) {
        return assertInstanceOf(SiteRenderer.HtmlPage.class, r.render(path, "/sites/t", null)).html();
    }

    @Test
    void endpointPagesOfferTheirDescriptionAndTheFileIsServed(@TempDir Path dir) {
        SiteRenderer r = site(dir, "[\"copy\", \"download-spec\"]");
        String endpoint = html(r, "/api-reference/list-keys");
        assertTrue(endpoint.contains("data-ctx=\"download-spec\" href=\"/sites/t/openapi.json\" download>"), endpoint);
        assertTrue(endpoint.contains("Download API spec"), endpoint);
        assertFalse(html(r, "/guide").contains("download-spec"), "only on pages of a description");
        SiteRenderer.SiteFile file = assertInstanceOf(SiteRenderer.SiteFile.class, r.render("/openapi.json", "/sites/t", null));
        assertEquals("application/json", file.contentType());
        assertEquals(dir.resolve("openapi.json").toAbsolutePath().normalize(), file.path().toAbsolutePath().normalize());
    }

    @Test
    void withoutTheOptionNothingIsOffered(@TempDir Path dir) {
        SiteRenderer r = site(dir, "[\"copy\"]");
        assertFalse(html(r, "/api-reference/list-keys").contains("download-spec"));
    }
}
