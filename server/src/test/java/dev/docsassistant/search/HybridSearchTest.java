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

/** Hybrid search: embeddings beside BM25 in one Lucene index, the embedding cache, and the filters inside both. */
class HybridSearchTest {
    private static LuceneSiteSearch corpus(String domain) {
        return (LuceneSiteSearch) ((dev.docsassistant.sites.GuardedSearch) TestApps.corpora().sites().get(domain).orElseThrow().search()).delegate();
    }

    private static TestSites retriesSite(Path dir) {
        return new TestSites(dir).file("docs.json", "{\"navigation\": {\"pages\": [\"retries\", \"billing\", \"themes\"]}}")
                .page("retries", "Failed webhook deliveries are attempted again with exponential backoff, "
                        + "up to eight times over three days.", "title: Retries")
                .page("billing", "Invoices are issued monthly and can be paid by card or bank transfer.", "title: Billing")
                .page("themes", "Pick colours and fonts for the rendered documentation.", "title: Themes");
    }

    @Tag(Corpora.TAG)
    @Test
    void corporaAreSearchedInHybridModeByDefault() {
        assertEquals(SearchMode.HYBRID, corpus("mcp").mode());
        assertEquals(SearchMode.HYBRID, corpus("mintlify").mode());
    }

    @Tag(Corpora.TAG)
    @Test
    void aVersionFilteredQueryNeverReturnsAnotherVersion() {
        SearchFilter v2024 = new SearchFilter("Version 2024-11-05", null, null, List.of());
        for (String query : List.of("how does a client learn which capabilities a server offers",
                "stop a long running request that is no longer needed", "tools list request")) {
            List<SearchHit> hits = corpus("mcp").search(new SearchRequest(query, 20, 0, v2024, null));
            assertFalse(hits.isEmpty(), query);
            assertTrue(hits.stream().allMatch(h -> h.version() == null || h.version().equals("Version 2024-11-05")),
                    query + ": " + hits);
        }
    }

    @Tag(Corpora.TAG)
    @Test
    void aLanguageFilteredQueryStaysInThatLanguage() {
        List<SearchHit> hits = corpus("mintlify").search(new SearchRequest("comment changer les couleurs du thème", 20, 0,
                new SearchFilter(null, "fr", null, List.of()), null));
        assertFalse(hits.isEmpty());
        assertTrue(hits.stream().allMatch(h -> "fr".equals(h.language())), hits.toString());
    }

    @Test
    void theGraphIsSearchedOnVectorsQuantisedToAByte(@TempDir Path dir) throws Exception {
        TestSites site = retriesSite(dir.resolve("site"));
        try (LuceneSiteSearch hybrid = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("h"),
                SearchSettings.hybrid(dir.resolve("cache")))) {
            assertEquals("/retries", hybrid.search(SearchRequest.of("will a failed delivery be sent again later?", 3)).get(0).pagePath());
        }
        try (var files = java.nio.file.Files.list(dir.resolve("h"))) {
            // .veq: the byte vectors the graph is built and searched on, a quarter of the floats (.vec) a search used to read
            assertTrue(files.anyMatch(f -> f.getFileName().toString().endsWith(".veq")), "no quantised vectors in the index");
        }
    }

    @Test
    void aQuestionWithoutThePagesWordsIsFoundByMeaning(@TempDir Path dir) {
        TestSites site = retriesSite(dir.resolve("site"));
        String question = "my endpoint was down for an hour, will the event be sent to me later?";
        LuceneSiteSearch keyword = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("k"), SearchSettings.KEYWORD);
        assertTrue(keyword.search(SearchRequest.of(question, 3)).isEmpty(), "no word in common");
        LuceneSiteSearch hybrid = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("h"),
                SearchSettings.hybrid(dir.resolve("cache")));
        List<SearchHit> hits = hybrid.search(SearchRequest.of(question, 3));
        assertEquals("/retries", hits.get(0).pagePath());
        assertTrue(hits.stream().allMatch(h -> h.score() > 0 && h.score() <= 1), "a cosine, not a raw score: " + hits);
    }

    @Test
    void aQuestionWhosePageHoldsItsWordsIsRankedByBm25WithoutTheModel(@TempDir Path dir) {
        TestSites site = retriesSite(dir.resolve("site"));
        LuceneSiteSearch keyword = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("k"), SearchSettings.KEYWORD);
        LuceneSiteSearch hybrid = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("h"),
                SearchSettings.hybrid(dir.resolve("cache")));
        // Every word of the question is on the billing page: BM25 is decisive, and the results are BM25's, scores
        // included (a fused score would mix in the cosine).
        String question = "are invoices issued monthly and paid by card?";
        List<SearchHit> bm25 = keyword.search(SearchRequest.of(question, 3));
        assertEquals("/billing", bm25.get(0).pagePath());
        long[] before = ModelGate.counts();
        assertEquals(bm25, hybrid.search(SearchRequest.of(question, 3)));
        assertTrue(ModelGate.counts()[0] > before[0], "counted as skipping the model");
    }

    @Test
    void textUnrelatedToEveryPageFindsNothing(@TempDir Path dir) {
        LuceneSiteSearch hybrid = LuceneSiteSearch.open(SiteReader.read(retriesSite(dir.resolve("site")).dir()), dir.resolve("h"),
                SearchSettings.hybrid(dir.resolve("cache")));
        // No word in common and no meaning near: the nearest vectors are not results.
        assertEquals(List.of(), hybrid.search(SearchRequest.of("xylophone orchestra tuning", 3)));
        assertEquals(List.of(), hybrid.search(SearchRequest.of("chocolate cake recipe", 3)));
    }

    @Test
    void accessGroupsHoldInsideTheVectorSearch(@TempDir Path dir) {
        TestSites site = retriesSite(dir.resolve("site"))
                .page("partners", "Partner webhooks that fail are delivered again later with backoff.", "title: Partner retries",
                        "groups: [partners]");
        site.file("docs.json", "{\"navigation\": {\"pages\": [\"retries\", \"billing\", \"themes\", \"partners\"]}}");
        LuceneSiteSearch hybrid = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("h"),
                SearchSettings.hybrid(dir.resolve("cache")));
        String question = "will an event be sent again after my server could not take it";
        assertTrue(hybrid.search(SearchRequest.of(question, 10)).stream().noneMatch(h -> h.pagePath().equals("/partners")));
        assertTrue(hybrid.search(new SearchRequest(question, 10, 0, new SearchFilter(null, null, null, List.of("partners")), null))
                .stream().anyMatch(h -> h.pagePath().equals("/partners")));
    }

    @Test
    void theEmbeddingCacheIsReusedAndAChangedPageIsEmbeddedAlone(@TempDir Path dir) {
        TestSites site = retriesSite(dir.resolve("site"));
        Path cache = dir.resolve("cache");
        LuceneSiteSearch first = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("index-1"), SearchSettings.hybrid(cache));
        assertEquals(3, first.embeddingsComputed(), "one section per page");
        // A fresh index (as after deleting it) finds every vector in the cache.
        LuceneSiteSearch second = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("index-2"), SearchSettings.hybrid(cache));
        assertTrue(second.rebuilt());
        assertEquals(0, second.embeddingsComputed());
        // Reopened as it is (not rebuilt), the index answers as it did when it was built.
        String question = "my endpoint was down for an hour, will the event be sent to me later?";
        List<SearchHit> built = second.search(SearchRequest.of(question, 3));
        LuceneSiteSearch reused = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("index-2"), SearchSettings.hybrid(cache));
        assertFalse(reused.rebuilt());
        assertEquals(built, reused.search(SearchRequest.of(question, 3)));
        site.page("billing", "Invoices are issued every quarter.", "title: Billing");
        LuceneSiteSearch changed = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("index-2"), SearchSettings.hybrid(cache));
        assertTrue(changed.rebuilt());
        assertEquals(1, changed.embeddingsComputed(), "only the changed page");
    }

    @Test
    void switchingAnIndexFromKeywordToHybridRebuildsIt(@TempDir Path dir) {
        TestSites site = retriesSite(dir.resolve("site"));
        LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("index"), SearchSettings.KEYWORD).close();
        LuceneSiteSearch hybrid = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("index"),
                SearchSettings.hybrid(dir.resolve("cache")));
        assertTrue(hybrid.rebuilt(), "the keyword index has no vectors");
        assertEquals("/retries", hybrid.search(SearchRequest.of("my endpoint was down for an hour, will the event be sent "
                + "to me later?", 3)).get(0).pagePath());
    }

    @Test
    void keywordModeRanksByBm25Alone(@TempDir Path dir) {
        TestSites site = retriesSite(dir.resolve("site"));
        LuceneSiteSearch keyword = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("k"), SearchSettings.KEYWORD);
        assertEquals(SearchMode.KEYWORD, keyword.mode());
        assertEquals(0, keyword.embeddingsComputed());
        assertEquals(List.of("/billing"), keyword.search(SearchRequest.of("invoices card", 5)).stream().map(SearchHit::pagePath).toList());
    }
}
