package dev.docsassistant.search;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuestionVectorCacheTest {
    private static float[] vector(float first) {
        float[] v = new float[384];
        v[0] = first;
        return v;
    }

    @Test
    void keysIgnoreWhitespaceTrailingPunctuationAndCaseWhenTheTokenizerDoes() {
        QuestionVectorCache cache = new QuestionVectorCache(1 << 20);
        cache.put(EmbeddingModel.MINILM, true, "How do I add a custom domain?", vector(1));
        assertNotNull(cache.get(EmbeddingModel.MINILM, true, "  how do i   add a custom\tdomain  "));
        assertNotNull(cache.get(EmbeddingModel.MINILM, true, "How do I add a custom domain ?!"));
        assertNull(cache.get(EmbeddingModel.MINILM, true, "How do I add a custom domain name?"));
        assertNull(cache.get(EmbeddingModel.BGE_SMALL_EN, true, "How do I add a custom domain?"), "each model its own vectors");
        // A cased tokenizer: case is part of the key.
        cache.put(EmbeddingModel.BGE_SMALL_ZH, false, "OpenAPI 文件怎么写？", vector(2));
        assertNotNull(cache.get(EmbeddingModel.BGE_SMALL_ZH, false, "OpenAPI 文件怎么写"));
        assertNull(cache.get(EmbeddingModel.BGE_SMALL_ZH, false, "openapi 文件怎么写？"));
        assertEquals("How do I add a custom domain?", QuestionVectorCache.embeddable(" How do I add\na  custom domain? "));
        assertEquals("how do i add a custom domain", QuestionVectorCache.normalised(" How do I add\na custom domain ?! ", true));
        assertEquals("?", QuestionVectorCache.normalised(" ? ", true), "punctuation alone is kept");
    }

    @Test
    void returnsCopiesSoCallersCannotChangeTheCachedVector() {
        QuestionVectorCache cache = new QuestionVectorCache(1 << 20);
        float[] put = vector(1);
        cache.put(EmbeddingModel.MINILM, true, "retries", put);
        put[0] = 99;
        float[] got = cache.get(EmbeddingModel.MINILM, true, "retries");
        assertEquals(1f, got[0]);
        got[0] = 42;
        float[] again = cache.get(EmbeddingModel.MINILM, true, "retries");
        assertEquals(1f, again[0]);
        assertNotSame(got, again);
    }

    @Test
    void boundedByBytesDroppingTheLeastRecentlyUsed() {
        long bound = 100_000; // about 60 entries of 384 floats
        QuestionVectorCache cache = new QuestionVectorCache(bound);
        cache.put(EmbeddingModel.MINILM, true, "question 0", vector(0));
        for (int i = 1; i < 1000; i++) {
            cache.put(EmbeddingModel.MINILM, true, "question " + i, vector(i));
            cache.get(EmbeddingModel.MINILM, true, "question 0"); // kept in use
            assertTrue(cache.bytes() <= bound, "bytes " + cache.bytes());
        }
        int entries = cache.size();
        assertTrue(entries > 50 && entries < 70, "entries " + entries);
        assertTrue(cache.bytes() > bound - 2_000, "the accounting counts every entry: " + cache.bytes());
        assertArrayEquals(vector(0), cache.get(EmbeddingModel.MINILM, true, "question 0"), "recently used: kept");
        assertNull(cache.get(EmbeddingModel.MINILM, true, "question 1"), "least recently used: dropped");
        assertNotNull(cache.get(EmbeddingModel.MINILM, true, "question 999"));
        // Replacing an entry does not count it twice.
        long before = cache.bytes();
        cache.put(EmbeddingModel.MINILM, true, "question 999", vector(5));
        assertEquals(before, cache.bytes());
        assertEquals(5f, cache.get(EmbeddingModel.MINILM, true, "question 999")[0]);
    }
}
