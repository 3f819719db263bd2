package dev.docsassistant.search;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The vectors of a site's sections: from the embedding cache, else computed (and added to it).
 * Sections in languages the model does not cover get none.
 *
 * @param vectors  one per section, null where the section is not embedded
 * @param computed how many had to be computed (0 when the cache held them all)
 * @param seconds  time spent computing them
 */
record SectionVectors(float[][] vectors, int computed, double seconds) {
    /** Sections embedded per round: progress is reported and the cache appended after each. */
    private static final int BATCH = 64;

    static SectionVectors of(List<IndexedSection> sections, Path cacheDir, EmbeddingProgress progress) {
        EmbeddingCache cache = EmbeddingCache.open(cacheDir, SentenceEmbedder.MODEL_ID, SentenceEmbedder.DIMENSION);
        float[][] vectors = new float[sections.size()][];
        Map<String, List<Integer>> missing = new LinkedHashMap<>();
        Map<String, String> texts = new LinkedHashMap<>();
        for (int i = 0; i < sections.size(); i++) {
            IndexedSection s = sections.get(i);
            if (!SentenceEmbedder.covers(s.analysis())) {
                continue;
            }
            String text = SentenceEmbedder.clip(s.embeddingText());
            String key = EmbeddingCache.key(text);
            vectors[i] = cache.get(key);
            if (vectors[i] == null) {
                missing.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
                texts.put(key, text);
            }
        }
        if (missing.isEmpty()) {
            return new SectionVectors(vectors, 0, 0);
        }
        long start = System.nanoTime();
        List<String> keys = List.copyOf(missing.keySet());
        progress.update(0, keys.size());
        for (int from = 0; from < keys.size(); from += BATCH) {
            List<String> batch = keys.subList(from, Math.min(keys.size(), from + BATCH));
            List<float[]> computed = SentenceEmbedder.embedAll(batch.stream().map(texts::get).toList());
            Map<String, float[]> added = new LinkedHashMap<>();
            for (int j = 0; j < batch.size(); j++) {
                added.put(batch.get(j), computed.get(j));
                for (int i : missing.get(batch.get(j))) {
                    vectors[i] = computed.get(j);
                }
            }
            cache.putAll(added);
            progress.update(from + batch.size(), keys.size());
        }
        return new SectionVectors(vectors, keys.size(), (System.nanoTime() - start) / 1e9);
    }
}
