package dev.docsassistant.assistant;

import dev.docsassistant.content.AssistantSettings;
import dev.docsassistant.search.SearchHit;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The offline answer: quoted passages of the best results, the sources named, or the plain non-answer. */
class ExtractiveGeneratorTest {
    private static final String QUESTION = "How are webhook retries scheduled?";

    /** What the generator wrote: the text deltas as they came and the sources named. */
    private static final class Written implements AnswerGenerator.Output {
        final List<String> deltas = new ArrayList<>();
        final List<String> sources = new ArrayList<>();
        /** Every call in order: hold, release, source, text. */
        final List<String> calls = new ArrayList<>();

        @Override
        public void source(SearchHit hit) {
            sources.add(hit.path());
            calls.add("source");
        }

        @Override
        public void text(String delta) {
            deltas.add(delta);
            calls.add("text");
        }

        @Override
        public void hold() {
            calls.add("hold");
        }

        @Override
        public void release() {
            calls.add("release");
        }

        String text() {
            return String.join("", deltas);
        }
    }

    private static SearchHit hit(String path, String section, String content, double score) {
        String name = path.substring(1, 2).toUpperCase();
        return new SearchHit(path, name, section, content, null, null, score);
    }

    private static Written answer(List<SearchHit> hits) {
        Written out = new Written();
        new ExtractiveGenerator().generate(new AnswerGenerator.Input(QUESTION, List.of(), List.of(), hits, "Acme", null), out);
        return out;
    }

    @Test
    void weakOrNoResultsGetTheNonAnswerAndNoSource() {
        for (List<SearchHit> hits : List.of(List.<SearchHit>of(), List.of(hit("/a", null, "Webhook retries are scheduled.", 0.0599)))) {
            Written out = answer(hits);
            assertEquals("I couldn't find this in the Acme documentation. It may not be covered; try other words, "
                    + "or browse the documentation directly.", out.text());
            assertEquals(List.of(), out.sources);
        }
        assertFalse(answer(List.of(hit("/a", null, "Webhook retries are scheduled.", 0.06))).sources.isEmpty(),
                "the abstention bound itself answers");
    }

    @Test
    void theSitesHandoffEndsTheNonAnswerAndNothingElse() {
        AssistantSettings site = new AssistantSettings(null, List.of(), new AssistantSettings.Handoff("Contact support",
                "https://acme.example/support"));
        Written abstained = new Written();
        new ExtractiveGenerator().generate(new AnswerGenerator.Input(QUESTION, List.of(), List.of(), List.of(), "Acme", null, site),
                abstained);
        assertEquals("I couldn't find this in the Acme documentation. It may not be covered; try other words, "
                + "or browse the documentation directly. For more help, [Contact support](https://acme.example/support).", abstained.text());
        assertEquals(List.of(), abstained.sources);
        Written answered = new Written();
        new ExtractiveGenerator().generate(new AnswerGenerator.Input(QUESTION, List.of(), List.of(),
                List.of(hit("/a", null, "Webhook retries are scheduled hourly.", 0.8)), "Acme", null, site), answered);
        assertFalse(answered.text().contains("Contact support"), "an answer needs no hand-off: " + answered.text());
    }

    @Test
    void theBestPassagesAreQuotedInReadingOrderAndFurtherResultsLinked() {
        String a = """
                ## Retry schedule

                Webhook retries are scheduled hourly.

                Unrelated introduction.

                Retries stop after a day.

                Webhook signatures use HMAC.

                The webhook retries log is kept.
                """;
        Written out = answer(List.of(
                hit("/a#retry-schedule", "Retry schedule", a, 0.8),
                hit("/b", null, "Webhook retries are scheduled hourly.", 0.7), // the same passage again: linked, not quoted
                hit("/c", null, "Nothing in common.", 0.6),
                hit("/d", null, "Scheduled deliveries use webhook queues.", 0.4), // half the best score still counts
                hit("/e", null, "Webhook retries are scheduled on weekdays.", 0.39)));
        assertEquals("""
                From [A › Retry schedule](/a#retry-schedule):

                Webhook retries are scheduled hourly.

                Retries stop after a day.

                The webhook retries log is kept.

                See also: [B](/b), [C](/c), [D](/d).""", out.text(), "/d says nothing of the question the quote lacks");
        assertEquals(List.of("/a#retry-schedule", "/b", "/c", "/d"), out.sources, "quoted pages first, then the linked ones");
    }

    @Test
    void aFurtherPageIsQuotedOnlyForWordsOfTheQuestionTheQuotesLack() {
        Written out = answer(List.of(
                hit("/a", null, "Webhook retries back off.", 0.8),
                hit("/home", null, "How webhook retries work.", 0.7), // a card about /a: nothing new
                hit("/b", null, "Deliveries are scheduled by the queue.", 0.6)));
        assertEquals("From [A](/a):\n\nWebhook retries back off.\n\nAlso, from [B](/b):\n\nDeliveries are scheduled by the queue."
                + "\n\nSee also: [H](/home).", out.text());
    }

    @Test
    void aShortIntroductionIsQuotedWithTheSectionItIntroduces() {
        SearchHit lead = new SearchHit("/retries", "Retries", null, "Failed webhooks are retried with backoff.", null, null,
                0.9, 0.9, "## Schedule\n\n| Attempt | Delay |\n| --- | --- |\n| 2 | 30 seconds |\n| 3 | 5 minutes |\n\n"
                + "Then it fails.\n\n### Exceptions\n\nA 410 stops it.");
        assertEquals("From [Retries](/retries):\n\nFailed webhooks are retried with backoff.\n\n**Schedule**\n\n"
                + "| Attempt | Delay |\n| --- | --- |\n| 2 | 30 seconds |\n| 3 | 5 minutes |\n\nThen it fails.", answer(List.of(lead)).text());
        SearchHit section = new SearchHit("/retries#why", "Retries", "Why", "Failed webhooks are retried with backoff.", null, null,
                0.9, 0.9, "## Schedule\n\nHourly.");
        assertFalse(answer(List.of(section)).text().contains("Hourly"), "only a page's lead introduces what follows");
    }

    @Test
    void atMostThreePagesAreQuotedAndAPageWithoutTheQuestionsWordsOpensWithItsFirstParagraph() {
        Written out = answer(List.of(
                hit("/a", null, "## Overview\n\nEvents are delivered over HTTPS.\n\nEach has an id.", 0.9),
                hit("/b", null, "Webhook retries back off.", 0.8),
                hit("/c", null, "Retries are scheduled by the queue.", 0.7),
                hit("/d", null, "Scheduled webhook jobs.", 0.45))); // exactly half the best: still linked
        assertEquals(List.of("/a", "/b", "/c", "/d"), out.sources);
        String text = out.text();
        assertTrue(text.startsWith("From [A](/a):\n\nEvents are delivered over HTTPS.\n\nAlso, from [B](/b)"), text);
        assertTrue(text.endsWith("\n\nSee also: [D](/d)."), text);
    }

    @Test
    void theWholeAnswerIsHeldSoThatItLeavesAsOne() {
        // Everything is known at once: sources and text are held and released together (the core
        // merges the text into one delta), not dribbled out a few words at a time.
        Written out = answer(List.of(hit("/a", null, "Webhook retries back off.", 0.9), hit("/b", null, "Retries again.", 0.8)));
        assertEquals("hold", out.calls.get(0));
        assertEquals("release", out.calls.get(out.calls.size() - 1));
        assertEquals(1, out.calls.stream().filter("hold"::equals).count());
        assertEquals(List.of("/a", "/b"), out.sources);
    }

    @Test
    void aLongParagraphIsCutAtASentenceButCodeIsQuotedWhole() {
        String sentence = "Webhook retries follow the schedule of the queue. ";
        String paragraph = sentence.repeat(40).strip(); // about 2,000 characters
        Written out = answer(List.of(hit("/a", null, paragraph, 0.5)));
        String quoted = out.text().substring("From [A](/a):\n\n".length());
        // Cut after the last whole sentence within 1,500 characters.
        assertEquals(sentence.repeat(30).strip() + " …", quoted);

        String exact = "Webhook retries. " + "y".repeat(1500 - "Webhook retries. ".length());
        assertEquals("From [A](/a):\n\n" + exact, answer(List.of(hit("/a", null, exact, 0.5))).text(), "1,500 characters are not cut");

        String code = "```text\n" + ("webhook retries " + "x".repeat(80) + "\n").repeat(25) + "```";
        Written fenced = answer(List.of(hit("/a", null, code, 0.5)));
        assertEquals("From [A](/a):\n\n" + code, fenced.text());
    }

    @Test
    void aFirstResultWithLowRelevanceDoesNotMakeTheAnswerAbstainWhenALaterOneIsStrong() {
        // Hybrid search orders by a fused score while each hit reports its own relevance.
        Written out = answer(List.of(
                hit("/overview", null, "Deliveries overview.", 0.04),
                hit("/retries", null, "Webhook retries are scheduled five times with backoff.", 0.5)));
        assertEquals(List.of("/retries"), out.sources, "the weak first hit is below half the best and is skipped");
        assertTrue(out.text().contains("scheduled five times"), out.text());
    }

    @Test
    void everyResultAtLeastHalfAsRelevantAsTheBestIsNamedWhateverItsPlace() {
        Written out = answer(List.of(
                hit("/a", null, "Webhook retries are scheduled.", 0.3),
                hit("/b", null, "Nothing here.", 0.1),
                hit("/c", null, "Webhook deliveries wait between retries.", 0.4)));
        assertEquals(List.of("/a", "/c"), out.sources);
    }
}
