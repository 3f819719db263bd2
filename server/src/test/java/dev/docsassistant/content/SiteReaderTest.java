package dev.docsassistant.content;

import dev.docsassistant.content.mdx.ComponentCheck;

import dev.docsassistant.testing.Corpora;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SiteReaderTest {

    @Tag(Corpora.TAG)
    @Test
    void mcpVersionsComeFromTheNavigation() {
        SiteContent mcp = Corpora.read("mcp");
        assertEquals("Version 2026-07-28 (latest)", mcp.navigation().defaultVersion());
        assertTrue(mcp.navigation().versions().contains("Version 2024-11-05"));
        Page tools = mcp.page("/specification/2025-06-18/server/tools#listing-tools").orElseThrow();
        assertEquals("Tools", tools.title());
        assertEquals("Version 2025-06-18", tools.version());
        assertEquals("Specification", tools.nav().tab());
        assertTrue(tools.sections().stream().anyMatch(s -> "listing-tools".equals(s.anchor())));
        Page registry = mcp.page("registry/versioning").orElseThrow();
        assertNull(registry.version(), "unversioned tab");
        // The mcp site writes one React component of its own (CHECK) and a Tree.File attribute Mintlify does not
        // document: both are reported by design (docs/mintlify.md); nothing else may be.
        assertEquals(List.of(), mcp.problems().stream()
                .filter(p -> !p.message().contains(ComponentCheck.CUSTOM) && !p.message().contains("<Tree.File> has no attribute \"comment\"")).toList());
    }

    @Tag(Corpora.TAG)
    @Test
    void mintlifyLanguagesComeThroughRefIncludes() {
        SiteContent mintlify = Corpora.read("mintlify");
        assertEquals(List.of("en", "fr", "es", "zh"), mintlify.navigation().languages());
        assertEquals("fr", mintlify.page("fr/components/tabs").orElseThrow().language());
        assertEquals("en", mintlify.page("components/tabs").orElseThrow().language());
        assertEquals("zh", mintlify.page("zh/quickstart").orElseThrow().language());
    }

    @Tag(Corpora.TAG)
    @Test
    void openApiStubPagesTakeTheOperationText() {
        Page bundle = Corpora.read("mintlify").page("api/static-export/generate-bundle").orElseThrow();
        assertTrue(bundle.markdown().contains("`POST /static-export/jobs/{jobId}/bundle`"), bundle.markdown());
        assertTrue(bundle.markdown().contains("## Responses"), bundle.markdown());
    }

    @Tag(Corpora.TAG)
    @Test
    void hiddenTabMarkedSearchableStaysSearchable() {
        SiteContent mintlify = Corpora.read("mintlify");
        Page help = mintlify.pages().stream().filter(p -> p.path().startsWith("help-center/")).findFirst().orElseThrow();
        assertTrue(help.nav().hidden());
        assertTrue(help.searchable(), help.path());
    }

    @Tag(Corpora.TAG)
    @Test
    void hugeGeneratedPagesAreChunked() {
        Page schema = Corpora.read("mcp").page("specification/2026-07-28/schema").orElseThrow();
        assertTrue(schema.markdown().length() > 100_000, "length " + schema.markdown().length());
        assertTrue(schema.sections().size() > 50);
        assertTrue(schema.sections().stream().allMatch(s -> s.markdown().length() <= SectionSplitter.MAX_CHUNK_CHARS));
    }

    @Test
    void searchabilityFollowsTheHiddenPageRules(@TempDir Path dir) {
        new TestSites(dir).file("docs.json", """
                {"name": "T", "navigation": {"groups": [
                  {"group": "Visible", "pages": ["shown", "hidden-fm", "noindex", "unsearchable"]},
                  {"group": "Hidden", "hidden": true, "pages": ["in-hidden", "unhidden",
                     {"group": "Nested", "pages": ["nested-hidden"]}]},
                  {"group": "Hidden but searchable", "hidden": true, "searchable": true, "pages": ["in-searchable",
                     {"group": "Re-hidden", "hidden": true, "pages": ["re-hidden"]}]}
                ]}}""")
                .page("shown", "Text.", "title: Shown")
                .page("hidden-fm", "Text.", "hidden: true")
                .page("noindex", "Text.", "noindex: true")
                .page("unsearchable", "Text.", "searchable: false")
                .page("in-hidden", "Text.")
                .page("unhidden", "Text.", "hidden: false")
                .page("nested-hidden", "Text.")
                .page("in-searchable", "Text.")
                .page("re-hidden", "Text.")
                .page("orphan", "Text.");
        SiteContent site = SiteReader.read(dir);
        List<String> searchable = site.pages().stream().filter(Page::searchable).map(Page::path).sorted().toList();
        assertEquals(List.of("in-searchable", "shown", "unhidden"), searchable);
        assertEquals(10, site.pages().size(), "every page is still published");
    }

    @Test
    void seoIndexingAllIncludesHiddenAndOrphanPages(@TempDir Path dir) {
        new TestSites(dir).file("docs.json", """
                {"seo": {"indexing": "all"}, "navigation": {"groups": [
                  {"group": "Hidden", "hidden": true, "pages": ["in-hidden"]}]}}""")
                .page("in-hidden", "Text.")
                .page("orphan", "Text.")
                .page("private-notes", "Text.", "noindex: true");
        List<String> searchable = SiteReader.read(dir).pages().stream().filter(Page::searchable).map(Page::path).sorted().toList();
        assertEquals(List.of("in-hidden", "orphan"), searchable);
    }

    @Test
    void brokenInputIsReportedWithFileAndLocationAndTheRestLoads(@TempDir Path dir) {
        new TestSites(dir).file("docs.json", """
                {"navigation": {"languages": [
                  {"language": "en", "pages": ["good", "missing"]},
                  {"$ref": "./broken.json"},
                  {"$ref": "./absent.json"}
                ]}}""")
                .file("broken.json", "{\"language\": \"fr\",\n  \"pages\": [oops]}")
                .page("good", "Good page.", "title: Good")
                .file("bad-yaml.mdx", "---\ntitle: [unclosed\n---\nBody text.\n");
        SiteContent site = SiteReader.read(dir);
        assertTrue(site.page("good").orElseThrow().searchable());
        assertEquals("Body text.\n", site.page("bad-yaml").orElseThrow().markdown());
        List<String> problems = site.problems().stream().map(SiteProblem::toString).toList();
        assertTrue(problems.contains("docs.json:2:40 /navigation/languages/0/pages/1: page 'missing' has no file missing.mdx or missing.md"), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("broken.json:2:") && p.contains("invalid JSON")), problems.toString());
        // Problems found by JSON Pointer are placed at the key or value it points to, for editors to jump to.
        assertTrue(problems.contains("docs.json:4:4 /navigation/languages/2/$ref: $ref to missing file absent.json"), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("bad-yaml.mdx:2:17: invalid front matter YAML")), problems.toString());
        assertFalse(problems.isEmpty());
    }

    @Test
    void missingDocsJsonStillServesThePages(@TempDir Path dir) {
        new TestSites(dir).page("alone", "Text.", "title: Alone");
        SiteContent site = SiteReader.read(dir);
        assertTrue(site.page("alone").isPresent());
        assertEquals("docs.json: file not found", site.problems().get(0).toString());
    }
}
