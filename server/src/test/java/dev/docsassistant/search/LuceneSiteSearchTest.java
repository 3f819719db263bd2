package dev.docsassistant.search;

import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.Corpora;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** BM25 ranking, filters and the index's life, in keyword mode (the hybrid side: {@link HybridSearchTest}). */
class LuceneSiteSearchTest {
    private static SiteSearch site(String domain) {
        return TestApps.keywordCorpora().sites().get(domain).orElseThrow().search();
    }

    private static List<SearchHit> search(String domain, String query, SearchFilter filter) {
        return site(domain).search(new SearchRequest(query, 10, 0, filter, null));
    }

    @Tag(Corpora.TAG)
    @Test
    void findsTheSectionThatAnswersAndLinksToItsAnchor() {
        List<SearchHit> hits = search("mcp", "How do clients discover available tools with tools/list?", SearchFilter.NONE);
        SearchHit top = hits.get(0);
        assertEquals("/specification/2026-07-28/server/tools#listing-tools", top.path());
        assertEquals("Tools", top.title());
        assertEquals("Listing Tools", top.section());
        assertEquals("Version 2026-07-28 (latest)", top.version(), "default version ranks first");
        assertTrue(top.content().contains("tools/list"));
        assertTrue(top.score() > 0 && top.score() <= 1);
    }

    @Tag(Corpora.TAG)
    @Test
    void oneResultPerPageAtMostPageSize() {
        List<SearchHit> hits = site("mcp").search(SearchRequest.of("resources subscribe notifications", 7));
        assertEquals(7, hits.size());
        assertEquals(7, hits.stream().map(SearchHit::pagePath).distinct().count());
        // Many sections of one page can fill the first hits: enough are fetched for 50 distinct pages.
        assertEquals(50, site("mcp").search(SearchRequest.of("server", 50)).stream().map(SearchHit::pagePath).distinct().count());
    }

    @Tag(Corpora.TAG)
    @Test
    void versionFilterKeepsThatVersionAndUnversionedPages() {
        List<SearchHit> hits = search("mcp", "tools list request", new SearchFilter("Version 2024-11-05", null, null, List.of()));
        assertEquals("/specification/2024-11-05/server/tools#listing-tools", hits.get(0).path());
        assertTrue(hits.stream().allMatch(h -> h.version() == null || h.version().equals("Version 2024-11-05")), hits.toString());
    }

    @Tag(Corpora.TAG)
    @Test
    void languageFilterSearchesThatLanguageWithItsAnalysis() {
        List<SearchHit> fr = search("mintlify", "comment ajouter des onglets à une page", new SearchFilter(null, "fr", null, List.of()));
        assertTrue(fr.get(0).path().startsWith("/fr/"), fr.get(0).path());
        assertTrue(fr.stream().allMatch(h -> "fr".equals(h.language())));
        List<SearchHit> zh = search("mintlify", "如何添加选项卡", new SearchFilter(null, "zh", null, List.of()));
        assertTrue(zh.get(0).path().startsWith("/zh/"), zh.get(0).path());
    }

    @Tag(Corpora.TAG)
    @Test
    void withoutLanguageFilterTheDefaultLanguageAnswers() {
        List<SearchHit> hits = search("mintlify", "add tabs to a page", SearchFilter.NONE);
        assertEquals("en", hits.get(0).language());
        assertFalse(hits.get(0).path().startsWith("/fr/"));
    }

    @Tag(Corpora.TAG)
    @Test
    void scoreThresholdDropsWeakResults() {
        List<SearchHit> all = site("mcp").search(new SearchRequest("sampling model preferences", 10, 0, SearchFilter.NONE, null));
        double cut = all.get(0).score();
        List<SearchHit> strong = site("mcp").search(new SearchRequest("sampling model preferences", 10, cut, SearchFilter.NONE, null));
        assertTrue(strong.size() < all.size());
        assertTrue(strong.stream().allMatch(h -> h.score() >= cut));
        // The score a client was shown, sent back as the threshold, keeps that very result (it is compared as shown).
        assertEquals(all.get(0).path(), strong.get(0).path());
        for (SearchHit hit : all) {
            List<SearchHit> atItsScore = site("mcp").search(new SearchRequest("sampling model preferences", 10, hit.score(),
                    SearchFilter.NONE, null));
            assertTrue(atItsScore.stream().anyMatch(h -> h.path().equals(hit.path())), hit.path() + " at " + hit.score());
        }
    }

    @Tag(Corpora.TAG)
    @Test
    void queriesOfOnlyStopWordsOrSymbolsFindNothing() {
        assertTrue(search("mcp", "the of and", SearchFilter.NONE).isEmpty());
        assertTrue(search("mcp", "?!", SearchFilter.NONE).isEmpty());
    }

    @Tag(Corpora.TAG)
    @Test
    void pageLookupAcceptsEverySpelling() {
        SiteSearch mcp = site("mcp");
        for (String p : List.of("/registry/versioning", "registry/versioning", "/registry/versioning.mdx", "/registry/versioning#x")) {
            assertEquals("/registry/versioning", mcp.page(p, List.of()).orElseThrow().path(), p);
        }
        assertTrue(mcp.page("/specification/2026-07-28/architecture", List.of()).isPresent(), "x/index is x");
        assertTrue(mcp.page("/nope", List.of()).isEmpty());
    }

    @Test
    void accessGroupsHideRestrictedPagesFromOtherCallers(@TempDir Path dir) {
        new TestSites(dir).file("docs.json", "{\"navigation\": {\"pages\": [\"public\", \"partners\"]}}")
                .page("public", "Rotating credentials is described here.", "title: Public")
                .page("partners", "Rotating credentials for partners only.", "title: Partners", "groups: [partners, staff]");
        LuceneSiteSearch search = LuceneSiteSearch.open(SiteReader.read(dir), dir.resolve("index"), SearchSettings.KEYWORD);
        SearchRequest anonymous = SearchRequest.of("rotating credentials", 10);
        assertEquals(List.of("/public"), search.search(anonymous).stream().map(SearchHit::pagePath).toList());
        SearchRequest staff = new SearchRequest("rotating credentials", 10, 0, new SearchFilter(null, null, null, List.of("staff")), null);
        assertEquals(2, search.search(staff).size());
        assertTrue(search.page("/partners", List.of()).isEmpty());
        assertTrue(search.page("/partners", List.of("partners")).isPresent());
    }

    @Test
    void indexIsReusedUntilTheContentChanges(@TempDir Path dir) {
        TestSites site = new TestSites(dir.resolve("site")).file("docs.json", "{\"navigation\": {\"pages\": [\"a\"]}}")
                .page("a", "Alpha text.", "title: A");
        Path index = dir.resolve("index");
        assertTrue(LuceneSiteSearch.open(SiteReader.read(site.dir()), index, SearchSettings.KEYWORD).rebuilt());
        assertFalse(LuceneSiteSearch.open(SiteReader.read(site.dir()), index, SearchSettings.KEYWORD).rebuilt());
        site.page("a", "Beta text.", "title: A");
        LuceneSiteSearch changed = LuceneSiteSearch.open(SiteReader.read(site.dir()), index, SearchSettings.KEYWORD);
        assertTrue(changed.rebuilt());
        assertEquals(1, changed.search(SearchRequest.of("beta", 5)).size());
        assertTrue(changed.search(SearchRequest.of("alpha", 5)).isEmpty());
    }

    @Tag(Corpora.TAG)
    @Test
    void corporaAreReadFromTheSharedFolder() {
        assertTrue(Corpora.path("mcp").endsWith(Path.of("shared", "corpora", "mcp")));
    }
}
