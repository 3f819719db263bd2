package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs.json {@code variables} in an endpoint page's own MDX ({@code x-mint.content}), as in a page's file. */
class ApiVariablesTest {
    @Test
    void variablesAreFilledInXMintContentOnThePageAndInItsMarkdown(@TempDir Path dir) {
        new TestSites(dir).file("docs.json", """
                        {"name": "T", "variables": {"product": "Acme Cloud"},
                         "navigation": {"groups": [{"group": "API", "openapi": "openapi.json"}]}}""")
                .file("openapi.json", """
                        {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
                         "paths": {"/keys": {"get": {"summary": "List keys",
                           "x-mint": {"content": "Keys of {{product}} accounts.\\n\\n```bash\\necho '{{product}}'\\n```"},
                           "responses": {"200": {"description": "OK"}}}}}}""");
        SiteContent content = SiteReader.read(dir);
        String markdown = content.page("api-reference/list-keys").orElseThrow().markdown();
        assertTrue(markdown.contains("Keys of Acme Cloud accounts."), markdown);
        assertTrue(markdown.contains("echo '{{product}}'"), "code is left as written: " + markdown);
        Site site = new Site(new SiteConfig("t", "acme", dir, Optional.empty()), content, null, null);
        SiteRenderer.Result result = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE)
                .render("/api-reference/list-keys", "", null);
        String html = ((SiteRenderer.HtmlPage) result).html();
        assertTrue(html.contains("Keys of Acme Cloud accounts."), html);
        assertFalse(html.contains("Keys of {{product}}"), html);
    }
}
