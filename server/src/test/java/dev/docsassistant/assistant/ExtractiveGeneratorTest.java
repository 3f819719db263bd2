package dev.docsassistant.assistant;

import dev.docsassistant.search.SearchHit;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the offline writer picks its sources when relevance is not ordered like the ranking (hybrid search). */
class ExtractiveGeneratorTest {
    private static SearchHit hit(String path, String text, double score) {
        return new SearchHit(path, path.substring(1), null, text, null, null, score);
    }

    private static Recorded answer(List<SearchHit> hits) {
        Recorded out = new Recorded();
        new ExtractiveGenerator().generate(new AnswerGenerator.Input("How are failed deliveries retried?", List.of(),
                List.of(), hits, "Acme", null), out);
        return out;
    }

    @Test
    void aFirstResultWithLowRelevanceDoesNotMakeTheAnswerAbstainWhenALaterOneIsStrong() {
        Recorded out = answer(List.of(
                hit("/overview", "Deliveries overview.", 0.04),
                hit("/guides/retries", "Failed deliveries are retried five times with exponential backoff.", 0.5)));
        assertEquals(List.of("/guides/retries"), out.sources, "the weak first hit is below half the best and is skipped");
        assertTrue(out.text.toString().contains("retried five times"), out.text.toString());
    }

    @Test
    void itAbstainsWhenNoResultReachesTheFloor() {
        Recorded out = answer(List.of(hit("/a", "Unrelated text.", 0.05), hit("/b", "Other text.", 0.03)));
        assertEquals(List.of(), out.sources);
        assertEquals(ExtractiveGenerator.notFound("Acme"), out.text.toString());
    }

    @Test
    void everyResultAtLeastHalfAsRelevantAsTheBestIsNamedWhateverItsPlace() {
        Recorded out = answer(List.of(
                hit("/a", "Deliveries are retried.", 0.3),
                hit("/b", "Nothing here.", 0.1),
                hit("/c", "Failed deliveries wait between attempts.", 0.4)));
        assertEquals(List.of("/a", "/c"), out.sources);
    }

    private static final class Recorded implements AnswerGenerator.Output {
        final List<String> sources = new ArrayList<>();
        final StringBuilder text = new StringBuilder();

        @Override
        public void source(SearchHit hit) {
            sources.add(hit.path());
        }

        @Override
        public void text(String delta) {
            text.append(delta);
        }
    }
}
