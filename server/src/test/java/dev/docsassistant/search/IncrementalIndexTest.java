package dev.docsassistant.search;

import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A new version's index made from the previous version's ({@link LuceneSiteSearch#openFrom}) indexes
 * only the pages that changed, finds what a full build of the same content finds, and is the index
 * a full build would write: reopening it (a restart, a rollback) reuses it.
 */
class IncrementalIndexTest {
    private static final List<String> QUERIES = List.of("webhook retries", "rotate the signing secret", "rate limits per key",
            "zeppelin launch checklist", "pagination cursor", "delete an endpoint", "topic 7 details", "sandbox mode");

    @Test
    void aChangedPageIsTheOnlyOneIndexedAndSearchFindsWhatAFullBuildFinds() throws Exception {
        Path dir = TempDirs.create("docs-assistant-incremental-");
        SiteContent v1 = SiteReader.read(site(dir.resolve("v1"), 1).dir());
        try (LuceneSiteSearch first = LuceneSiteSearch.open(v1, dir.resolve("i1"), SearchSettings.KEYWORD)) {
            assertEquals(v1.pages().size(), first.pagesIndexed(), "a first build indexes every page");

            // Version 2: one page's text changed (same sections).
            SiteContent v2 = SiteReader.read(site(dir.resolve("v2"), 2).dir());
            try (LuceneSiteSearch second = LuceneSiteSearch.openFrom(v1, dir.resolve("i1"), v2, dir.resolve("i2"), SearchSettings.KEYWORD)) {
                assertEquals(1, second.pagesIndexed(), "only the changed page is indexed again");
                assertEquals(3, second.sectionsIndexed(), "its three sections");
                assertSameResults(v2, second, dir.resolve("full2"));
                assertTrue(second.search(SearchRequest.of("zeppelin2", 5)).getFirst().path().startsWith("/launch"));
                assertTrue(second.search(SearchRequest.of("zeppelin1", 5)).isEmpty(), "the old text is gone");

                // Version 3 from version 2: a page earlier in the order grows a section (every later ord moves),
                // a page goes and one comes.
                SiteContent v3 = SiteReader.read(site(dir.resolve("v3"), 3).dir());
                try (LuceneSiteSearch third = LuceneSiteSearch.openFrom(v2, dir.resolve("i2"), v3, dir.resolve("i3"), SearchSettings.KEYWORD)) {
                    assertEquals(2, third.pagesIndexed(), "the grown page and the new one");
                    assertSameResults(v3, third, dir.resolve("full3"));
                    assertTrue(third.search(SearchRequest.of("topic 9 details", 20)).stream().noneMatch(h -> h.path().startsWith("/topic-9")),
                            "the removed page is not found");
                }
                // The incremental index is what a full build writes: opening it again reuses it, with the same results.
                try (LuceneSiteSearch reopened = LuceneSiteSearch.open(v3, dir.resolve("i3"), SearchSettings.KEYWORD)) {
                    assertFalse(reopened.rebuilt(), "a restart or rollback reuses the incremental index");
                    assertSameResults(v3, reopened, dir.resolve("full3b"));
                }
            }
            assertTrue(Files.exists(dir.resolve("i1")), "the previous index is left as it was");
            assertEquals(first.search(SearchRequest.of("zeppelin1", 5)).size(), 1, "and still serves");
        }
    }

    @Test
    void pagesReadAgainOnlyWhereTheyChangedEqualAFullRead() throws Exception {
        Path dir = TempDirs.create("docs-assistant-incremental-");
        SiteContent v2 = SiteReader.read(site(dir.resolve("v2"), 2).dir());
        // The same docs.json; topic-2 changed, topic-9 deleted (a page the navigation names: a problem now),
        // an appendix outside the navigation added.
        Path v3dir = site(dir.resolve("v3"), 2)
                .page("topic-2", "Topic 2 now says: pagination cursor.\n\n## More\n\nAnother section.", "title: Topic 2")
                .page("appendix", "An appendix outside the navigation.", "title: Appendix").dir();
        Files.delete(v3dir.resolve("topic-9.mdx"));
        SiteContent full = SiteReader.read(v3dir);
        SiteContent partial = SiteReader.withPagesIn(v2, v3dir, List.of(v3dir.resolve("topic-2.mdx"), v3dir.resolve("topic-9.mdx"),
                v3dir.resolve("appendix.mdx")));
        assertTrue(full.pagesByPath().containsKey("appendix") && !full.pagesByPath().containsKey("topic-9"));
        assertFalse(full.problems().isEmpty(), "the deleted page is missing");
        assertEquals(List.copyOf(full.pagesByPath().keySet()), List.copyOf(partial.pagesByPath().keySet()));
        assertEquals(full.pagesByPath(), partial.pagesByPath());
        assertEquals(full.problems(), partial.problems());
        assertEquals(full.dir(), partial.dir());
    }

    @Test
    void anIndexOfOtherContentIsNotAStart() throws Exception {
        Path dir = TempDirs.create("docs-assistant-incremental-");
        SiteContent v1 = SiteReader.read(site(dir.resolve("v1"), 1).dir());
        SiteContent v2 = SiteReader.read(site(dir.resolve("v2"), 2).dir());
        try (LuceneSiteSearch first = LuceneSiteSearch.open(v2, dir.resolve("i1"), SearchSettings.KEYWORD)) {
            assertNotNull(first);
        }
        // The previous index holds v2, not v1: the build must not trust it and builds in full.
        try (LuceneSiteSearch next = LuceneSiteSearch.openFrom(v1, dir.resolve("i1"), v2, dir.resolve("i2"), SearchSettings.KEYWORD)) {
            assertEquals(v2.pages().size(), next.pagesIndexed());
            assertSameResults(v2, next, dir.resolve("full"));
        }
    }

    /** Same pages, titles and sections in the same order as a full build of the content, and nearly the same scores. */
    private static void assertSameResults(SiteContent content, LuceneSiteSearch search, Path fullDir) {
        try (LuceneSiteSearch full = LuceneSiteSearch.open(content, fullDir, SearchSettings.KEYWORD)) {
            int found = 0;
            for (String q : QUERIES) {
                List<SearchHit> expected = full.search(SearchRequest.of(q, 10));
                List<SearchHit> actual = search.search(SearchRequest.of(q, 10));
                found += expected.size();
                assertEquals(expected.stream().map(h -> h.path() + " | " + h.title() + " | " + h.section() + " | " + h.content()).toList(),
                        actual.stream().map(h -> h.path() + " | " + h.title() + " | " + h.section() + " | " + h.content()).toList(), q);
                for (int i = 0; i < expected.size(); i++) {
                    // BM25 statistics count deleted documents until Lucene merges them away: scores may move a hair.
                    assertEquals(expected.get(i).score(), actual.get(i).score(), 0.05, q + " #" + i);
                }
            }
            assertTrue(found > 30, "the queries find something to compare");
        }
    }

    /** Words that make each section's length its own (equal scores would be ordered by where documents sit). */
    private static String filler(int n) {
        return " Also".repeat(n + 1) + " notes";
    }

    /**
     * Version 1: forty topic pages and a launch page. Version 2 changes the launch page's text.
     * Version 3 also gives topic 2 a fourth section, drops topic 9 and adds a sandbox page.
     */
    private static TestSites site(Path dir, int version) {
        StringBuilder pages = new StringBuilder("\"launch\"");
        TestSites site = new TestSites(dir);
        for (int i = 0; i < 40; i++) {
            if (version >= 3 && i == 9) {
                continue;
            }
            pages.append(", \"topic-").append(i).append('"');
            String extra = version >= 3 && i == 2 ? "\n\n## Pagination cursor\n\nTopic 2 pages results with a cursor.\n" : "";
            site.page("topic-" + i, """
                    Topic %d details: webhook retries happen %d times with backoff.%s

                    ## Signing

                    Rotate the signing secret of topic %d every %d days; delete an endpoint to stop deliveries.%s

                    ## Limits

                    Rate limits per key for topic %d are %d requests a minute.%s%s
                    """.formatted(i, i % 5 + 1, filler(i), i, i + 10, filler(i + 1), i, (i + 1) * 7, filler(i + 2), extra),
                    "title: Topic " + i);
        }
        if (version >= 3) {
            pages.append(", \"sandbox\"");
            site.page("sandbox", "Sandbox mode delivers webhooks to a test endpoint.\n\n## Reset\n\nReset the sandbox.", "title: Sandbox");
        }
        int v = Math.min(version, 2);
        site.page("launch", """
                The zeppelin%d launch checklist.

                ## Before

                Check webhook retries and rate limits.

                ## After

                Rotate the signing secret.
                """.formatted(v), "title: Launch");
        site.file("docs.json", "{\"name\": \"Relay\", \"navigation\": {\"groups\": [{\"group\": \"Guides\", \"pages\": [" + pages + "]}]}}");
        return site;
    }
}
