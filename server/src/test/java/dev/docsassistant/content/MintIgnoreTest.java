package dev.docsassistant.content;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.render.Injected;
import dev.docsassistant.render.SiteAssets;
import dev.docsassistant.render.SiteRenderer;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A site's .mintignore (gitignore syntax) leaves files out of the build: no page, no search, no file served. */
class MintIgnoreTest {
    @TempDir
    Path dir;

    @Test
    void ignoredFilesAreNeitherPagesNorServed() {
        new TestSites(dir).file("docs.json", "{\"name\": \"Acme\", \"navigation\": {\"groups\": [{\"group\": \"G\", \"pages\": [\"index\"]}]}}")
                .file(".mintignore", "# drafts\ndrafts/\n*.draft.mdx\n!keep.draft.mdx\nimages/secret.png\n")
                .page("index", "Home.", "title: Home")
                .page("drafts/plan", "Plan.", "title: Plan")
                .page("ideas.draft", "Idea.", "title: Idea")
                .page("keep.draft", "Kept.", "title: Kept")
                .page("guide/more.draft", "Nested.", "title: Nested")
                .page("dist/built", "Built.", "title: Built")
                .file("images/secret.png", "png")
                .file("images/public.png", "png");
        SiteContent content = SiteReader.read(dir);
        assertEquals(java.util.Set.of("index", "keep.draft"), content.pagesByPath().keySet());
        SiteRenderer renderer = new SiteRenderer(new Site(new SiteConfig("acme", "acme", dir, Optional.empty()), content, null, null),
                SiteAssets.fromClassPath(), null, Injected.NONE);
        assertEquals(404, assertInstanceOf(SiteRenderer.HtmlPage.class, renderer.render("/drafts/plan", "", null)).status());
        assertEquals(404, assertInstanceOf(SiteRenderer.HtmlPage.class, renderer.render("/images/secret.png", "", null)).status());
        assertTrue(renderer.render("/images/public.png", "", null) instanceof SiteRenderer.SiteFile);
    }
}
