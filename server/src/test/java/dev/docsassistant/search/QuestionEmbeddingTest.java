package dev.docsassistant.search;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Questions through the real model: the cache never changes a vector, and batched questions keep theirs. */
class QuestionEmbeddingTest {
    @AfterEach
    void defaults() {
        SentenceEmbedder.configureQuestions(0, true);
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
        }
        return dot;
    }

    @Test
    void aCachedVectorIsTheVectorAMissComputes() {
        SentenceEmbedder.configureQuestions(1, false);
        float[] fresh = SentenceEmbedder.embedQuery(EmbeddingModel.MINILM, "How do I add a custom domain?");
        float[] respaced = SentenceEmbedder.embedQuery(EmbeddingModel.MINILM, " how do I add a  custom\ndomain? ");
        assertArrayEquals(fresh, respaced, "whitespace and case change no vector of an uncased model");

        SentenceEmbedder.configureQuestions(1, true);
        float[] miss = SentenceEmbedder.embedQuery(EmbeddingModel.MINILM, "How do I add a custom domain?");
        float[] hit = SentenceEmbedder.embedQuery(EmbeddingModel.MINILM, "HOW DO I ADD A CUSTOM DOMAIN");
        assertArrayEquals(fresh, miss);
        assertArrayEquals(fresh, hit);
        long[] stats = SentenceEmbedder.questionCacheStats();
        assertEquals(1, stats[0], "one hit");
        assertEquals(1, stats[1], "one miss");
        assertEquals(1, stats[2], "one entry");
    }

    @Test
    void concurrentQuestionsEmbeddedTogetherKeepTheirOwnVectors() throws Exception {
        SentenceEmbedder.configureQuestions(1, false);
        List<String> questions = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            questions.add("question " + i + (i % 3 == 0 ? " about rate limits on the search endpoint" : " on themes"));
        }
        List<float[]> alone = questions.stream().map(q -> SentenceEmbedder.embedQuery(EmbeddingModel.MINILM, q)).toList();
        for (int round = 0; round < 3; round++) {
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<float[]>> together = new ArrayList<>();
                for (String q : questions) {
                    together.add(pool.submit(() -> SentenceEmbedder.embedQuery(EmbeddingModel.MINILM, q)));
                }
                for (int i = 0; i < questions.size(); i++) {
                    float[] v = together.get(i).get();
                    // Dynamic int8 quantisation scales a run's activations together (one scale per tensor), so
                    // the other questions of a batch move a vector a little (cosine 0.988 seen on MiniLM).
                    assertTrue(cosine(alone.get(i), v) > 0.98, questions.get(i) + ": " + cosine(alone.get(i), v));
                    for (int j = 0; j < questions.size(); j++) {
                        if (j != i) {
                            assertTrue(cosine(alone.get(i), v) > cosine(alone.get(j), v), questions.get(i) + " got the vector of " + questions.get(j));
                        }
                    }
                }
            }
        }
    }
}
