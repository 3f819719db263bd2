package dev.docsassistant.search;

import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An index served before its vectors exist: the text is searchable at once, the sections missing from the
 * embedding cache are embedded afterwards by tasks on an injected executor (run here one by one), and their
 * vectors join the index and change the ranking; a restart and a new index reuse them.
 */
class BackgroundEmbeddingTest {
    /** A question with no word of the page that answers it: only its meaning finds the page. */
    private static final String PARAPHRASE = "my endpoint was down for an hour, will the event be sent to me later?";

    /** Tasks the index hands its background embedding, run by the test. */
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();

    private static SiteContent site(Path dir) {
        return SiteReader.read(new TestSites(dir.resolve("site"))
                .file("docs.json", "{\"navigation\": {\"pages\": [\"retries\", \"billing\", \"themes\"]}}")
                .page("retries", "Failed webhook deliveries are attempted again with exponential backoff, "
                        + "up to eight times over three days.", "title: Retries")
                .page("billing", "Invoices are issued monthly and can be paid by card or bank transfer.", "title: Billing")
                .page("themes", "Pick colours and fonts for the rendered documentation.", "title: Themes").dir());
    }

    private SearchSettings settings(Path dir) {
        return SearchSettings.hybrid(dir.resolve("cache")).withBackground(tasks::add);
    }

    private static List<String> paths(SiteSearch search, String query) {
        return search.search(SearchRequest.of(query, 3)).stream().map(SearchHit::pagePath).toList();
    }

    /** Runs the queued tasks (each queues the next batch) until none is left; returns how many ran. */
    private int runAll() {
        int ran = 0;
        while (!tasks.isEmpty()) {
            tasks.poll().run();
            ran++;
        }
        return ran;
    }

    @Test
    void aSiteServesSearchBeforeItsVectorsExistAndTheyChangeTheRankingWhenTheyArrive(@TempDir Path dir) throws Exception {
        SiteContent content = site(dir);
        try (LuceneSiteSearch search = LuceneSiteSearch.open(content, dir.resolve("index"), settings(dir))) {
            assertEquals(3, search.sectionsWithoutVectors(), "nothing was cached: no section has a vector yet");
            assertEquals(List.of("/billing"), paths(search, "invoices card"), "the text is searchable at once");
            assertEquals(List.of(), paths(search, PARAPHRASE), "no word in common, and no vector yet");
            assertFalse(search.vectorsFilled().isDone());
            assertEquals(1, tasks.size(), "one batch queued, nothing embedded on the opening thread");

            assertEquals(1, runAll(), "three sections: one batch");
            assertEquals(3, search.vectorsFilled().getNow(-1), "embedded in the background");
            assertEquals(0, search.sectionsWithoutVectors());
            assertEquals("/retries", paths(search, PARAPHRASE).getFirst(), "the vectors joined the index served");
            // Nothing more to write: the folder's write lock is free while it serves (a rollback opens this version again).
            LiveSiteIndex.open(content, dir.resolve("index"), settings(dir)).close();
            assertTrue(tasks.isEmpty(), "and its vectors are committed");
        }
        // A restart reuses the committed index with its vectors: nothing queued, nothing embedded.
        try (LuceneSiteSearch again = LuceneSiteSearch.open(content, dir.resolve("index"), settings(dir))) {
            assertFalse(again.rebuilt());
            assertEquals(0, again.sectionsWithoutVectors());
            assertTrue(tasks.isEmpty());
            assertEquals(0, again.vectorsFilled().getNow(-1));
            assertEquals("/retries", paths(again, PARAPHRASE).getFirst());
        }
        // A new index of the same text (a new deployment) takes every vector from the embedding cache while it is built.
        try (LuceneSiteSearch fresh = LuceneSiteSearch.open(content, dir.resolve("index-2"), settings(dir))) {
            assertTrue(fresh.rebuilt());
            assertEquals(0, fresh.sectionsWithoutVectors());
            assertTrue(tasks.isEmpty());
        }
    }

    @Test
    void aSearchHandedOutByALiveIndexReadsTheVectorsAddedAfterIt(@TempDir Path dir) throws Exception {
        SiteContent content = site(dir);
        try (LiveSiteIndex live = LiveSiteIndex.open(content, dir.resolve("index"), settings(dir));
             LuceneSiteSearch served = live.search()) {
            assertEquals(List.of(), paths(served, PARAPHRASE));
            runAll();
            assertEquals(3, live.vectorsFilled().getNow(-1));
            assertEquals("/retries", paths(served, PARAPHRASE).getFirst(), "the same content, read from the newer reader");
        }
    }

    @Test
    void aNewVersionBuiltFromTheServedIndexServesAtOnceAndEmbedsOnlyItsChangedSection(@TempDir Path dir) throws Exception {
        SiteContent v1 = site(dir);
        try (LuceneSiteSearch served = LuceneSiteSearch.open(v1, dir.resolve("v1"), settings(dir))) {
            runAll();
            assertEquals(3, served.vectorsFilled().getNow(-1));
            TestSites files = new TestSites(dir.resolve("site"));
            files.page("themes", "Pick colours and fonts for the rendered documentation; a zeppelin carries them.", "title: Themes");
            SiteContent v2 = SiteReader.read(files.dir());
            // Built while v1 still serves (its writer open): v1's files are linked, only the changed page is indexed again.
            try (LuceneSiteSearch next = LuceneSiteSearch.openFrom(v1, dir.resolve("v1"), v2, dir.resolve("v2"), settings(dir))) {
                assertEquals(1, next.sectionsIndexed(), "incremental");
                assertEquals(1, next.sectionsWithoutVectors(), "the changed section waits for its vector, the others are in");
                assertEquals(List.of("/themes"), paths(next, "zeppelin"), "searchable at once");
                assertEquals(1, runAll());
                assertEquals(1, next.vectorsFilled().getNow(-1));
                assertEquals(0, next.sectionsWithoutVectors());
                assertEquals("/retries", paths(next, PARAPHRASE).getFirst());
            }
        }
    }

    @Test
    void aPageSavedInDevBeforeItsBatchRunsKeepsItsNewTextAndTheOthersGetTheirVectors(@TempDir Path dir) throws Exception {
        SiteContent v1 = site(dir);
        try (LiveSiteIndex live = LiveSiteIndex.open(v1, dir.resolve("index"), settings(dir))) {
            TestSites files = new TestSites(dir.resolve("site"));
            files.page("themes", "Choose a zeppelin palette for the rendered documentation.", "title: Themes");
            LiveSiteIndex.Applied applied = live.apply(SiteReader.read(files.dir()));
            assertEquals(1, applied.embedded(), "a saved page is embedded at once, as dev always did");
            try (LuceneSiteSearch served = applied.search()) {
                assertEquals(1, runAll());
                assertEquals("/retries", paths(served, PARAPHRASE).getFirst(), "the pages left alone got their vectors");
                assertEquals(List.of("/themes"), paths(served, "zeppelin palette"));
                int themes = new org.apache.lucene.search.IndexSearcher(live.newest().index().reader).count(
                        new org.apache.lucene.search.TermQuery(new org.apache.lucene.index.Term(SiteIndex.KEY, "themes\u00000")));
                assertEquals(1, themes, "the page's old document was not written back by the batch");
                assertEquals(0, served.sectionsWithoutVectors());
            }
        }
    }

    @Test
    void closingTheIndexStopsItsBackgroundEmbedding(@TempDir Path dir) {
        LuceneSiteSearch search = LuceneSiteSearch.open(site(dir), dir.resolve("index"), settings(dir));
        search.close();
        assertEquals(1, runAll(), "the queued batch runs, finds the index closed and queues nothing");
        assertTrue(search.vectorsFilled().isCancelled());
    }
}
