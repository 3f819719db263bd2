package dev.docsassistant.search;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The vectors of a site's sections: from the local embedding cache, else from the fleet's shared
 * vectors, else computed (and added to both). Sections in languages the model does not cover get none.
 *
 * @param vectors  one per section, null where the section is not embedded
 * @param shared   how many came from the shared vectors (copied into the local cache)
 * @param computed how many had to be computed by the model (0 when the caches held them all)
 * @param seconds  time spent computing them
 */
record SectionVectors(float[][] vectors, int shared, int computed, double seconds) {
    static final SectionVectors NONE = new SectionVectors(new float[0][], 0, 0, 0);
    private static final Logger LOG = Logger.getLogger(SectionVectors.class.getName());
    /** Sections embedded per round: progress is reported and both caches added to after each. */
    private static final int BATCH = 64;

    static SectionVectors of(List<IndexedSection> sections, Path cacheDir, SharedVectors fleet, EmbeddingProgress progress) {
        EmbeddingCache cache = EmbeddingCache.open(cacheDir, SentenceEmbedder.MODEL_ID, SentenceEmbedder.DIMENSION);
        float[][] vectors = new float[sections.size()][];
        Map<String, List<Integer>> missing = new LinkedHashMap<>();
        Map<String, String> texts = new HashMap<>();
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
        int fromFleet = missing.isEmpty() ? 0 : takeShared(missing, vectors, cache, fleet);
        if (missing.isEmpty()) {
            return new SectionVectors(vectors, fromFleet, 0, 0);
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
            share(added, fleet);
            progress.update(from + batch.size(), keys.size());
        }
        return new SectionVectors(vectors, fromFleet, keys.size(), (System.nanoTime() - start) / 1e9);
    }

    /**
     * Fills what the fleet's shared vectors hold of {@code missing} (removed from it) and copies them into
     * the local cache, the first level next time. A shared level that fails is skipped: the sections are
     * embedded here instead, as on a server alone.
     */
    private static int takeShared(Map<String, List<Integer>> missing, float[][] vectors, EmbeddingCache cache, SharedVectors fleet) {
        if (fleet == SharedVectors.NONE) {
            return 0;
        }
        long start = System.nanoTime();
        Map<String, float[]> found;
        try {
            found = fleet.find(SentenceEmbedder.MODEL_ID, List.copyOf(missing.keySet()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the shared embedding vectors could not be read; embedding here instead: " + e.getMessage(), e);
            return 0;
        }
        Map<String, float[]> usable = new LinkedHashMap<>();
        found.forEach((key, v) -> {
            List<Integer> at = missing.get(key);
            if (at != null && v.length == SentenceEmbedder.DIMENSION) {
                usable.put(key, v);
                at.forEach(i -> vectors[i] = v);
                missing.remove(key);
            }
        });
        cache.putAll(usable);
        LOG.info(String.format(Locale.ROOT, "%d of %d section vectors missing from the local embedding cache found in the"
                + " fleet's shared store in %.2f s", usable.size(), usable.size() + missing.size(), (System.nanoTime() - start) / 1e9));
        return usable.size();
    }

    /** Adds computed vectors to the fleet's; when that fails they are still in the local cache. */
    private static void share(Map<String, float[]> added, SharedVectors fleet) {
        if (fleet == SharedVectors.NONE) {
            return;
        }
        try {
            fleet.add(SentenceEmbedder.MODEL_ID, added);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "computed embedding vectors could not be shared with the fleet: " + e.getMessage(), e);
        }
    }
}
