package dev.docsassistant.assistant.llm;

import dev.docsassistant.search.SearchHit;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CitationsTest {
    private static final SearchHit A = new SearchHit("/guides/retries#retry-schedule", "Retries", "Retry schedule", "", null, null, 0.5);
    private static final SearchHit B = new SearchHit("/api/send-event", "Send event", null, "", null, null, 0.4);
    private static final List<SearchHit> HITS = List.of(A, B);

    private static List<SearchHit> cited(String... deltas) {
        Citations c = new Citations(HITS, Optional.of("https://docs.acme.dev"));
        List<SearchHit> out = new ArrayList<>();
        for (String d : deltas) {
            out.addAll(c.accept(d));
        }
        out.addAll(c.finish());
        return out;
    }

    @Test
    void linksInEveryUsualSpellingNameTheRetrievedPage() {
        assertEquals(List.of(A), cited("see [Retries](/guides/retries#retry-schedule)"));
        assertEquals(List.of(A), cited("see [Retries](/guides/retries)"));
        assertEquals(List.of(A), cited("see [Retries](guides/retries.mdx#other-anchor)"));
        assertEquals(List.of(A), cited("see [Retries](<https://docs.acme.dev/guides/retries/> \"Retries\")"));
        assertEquals(List.of(B), cited("[POST](/api/send-event?lang=en)"));
    }

    @Test
    void linksElsewhereNameNothing() {
        assertEquals(List.of(), cited("[x](/admin/secrets) [y](https://evil.example/guides/retries) [z](mailto:a@b.c) ![img](/logo.png)"));
    }

    @Test
    void numberedCitationsReferToTheNumberedSections() {
        assertEquals(List.of(A, B), cited("Retried 8 times [1, 2]."));
        assertEquals(List.of(B), cited("Send it [2]"), "a citation at the very end counts");
        assertEquals(List.of(), cited("Use array[1] and [3] and [0]"), "indexes in code and numbers out of range are not citations");
        assertEquals(List.of(A), cited("[1](/guides/retries)"), "a number as link text counts once, as the link");
    }

    @Test
    void citationsSplitAcrossDeltasAreFoundOnceComplete() {
        Citations c = new Citations(HITS, Optional.empty());
        assertEquals(List.of(), c.accept("see [Retr"));
        assertEquals(List.of(), c.accept("ies](/guides/ret"));
        assertEquals(List.of(A), c.accept("ries) and ["));
        assertEquals(List.of(), c.accept("2"));
        assertEquals(List.of(), c.accept("]"));
        assertEquals(List.of(B), c.accept("."));
        assertEquals(List.of(), c.finish());
    }
}
