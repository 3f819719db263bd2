package dev.docsassistant.content;

import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bundled example site (served by the default configuration) loads cleanly and answers. */
class ExampleSiteTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "acme-docs");

    @Test
    void loadsWithoutProblems() {
        SiteContent site = SiteReader.read(EXAMPLE);
        assertTrue(site.problems().isEmpty(), site.problems().toString());
        assertEquals(11, site.pages().size());
        assertTrue(site.page("quickstart").orElseThrow().markdown().contains("Keep API keys on your server."),
                "snippet inlined");
        assertTrue(site.page("api/send-event").orElseThrow().markdown().contains("idempotencyKey"), "OpenAPI text");
        Page runbook = site.page("guides/runbook").orElseThrow();
        assertFalse(runbook.searchable(), "hidden group");
    }

    @Test
    void searchFindsTheAnsweringSection(@TempDir Path index) {
        LuceneSiteSearch search = LuceneSiteSearch.open(SiteReader.read(EXAMPLE), index, dev.docsassistant.search.SearchSettings.KEYWORD);
        List<SearchHit> hits = search.search(SearchRequest.of("how long between retry attempts after a failed delivery", 3));
        assertEquals("/guides/retries#retry-schedule", hits.get(0).path());
        assertTrue(search.search(SearchRequest.of("on-call runbook draining region", 5)).stream()
                .noneMatch(h -> h.path().startsWith("/guides/runbook")));
        assertTrue(search.page("/guides/runbook", List.of()).isPresent(), "hidden pages are still published");
    }
}
