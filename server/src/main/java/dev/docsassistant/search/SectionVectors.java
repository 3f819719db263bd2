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
 * The vectors of a site's sections, each by the model of its language: from the local embedding
 * cache, else from the fleet's shared vectors, else computed (and added to both). Sections in
 * languages no model covers get none.
 *
 * @param vectors  one per section, null where the section is not embedded
 * @param shared   how many came from the shared vectors (copied into the local cache)
 * @param computed how many had to be computed by a model (0 when the caches held them all)
 * @param seconds  time spent computing them
 */
record SectionVectors(float[][] vectors, int shared, int computed, double seconds) {
    static final SectionVectors NONE = new SectionVectors(new float[0][], 0, 0, 0);
    private static final Logger LOG = Logger.getLogger(SectionVectors.class.getName());
    /** Sections embedded per round: progress is reported and both caches added to after each. */
    private static final int BATCH = 64;

    static SectionVectors of(List<IndexedSection> sections, Path cacheDir, SharedVectors fleet, EmbeddingProgress progress) {
        return of(sections, cacheDir, fleet, progress, true);
    }

    /**
     * @param compute whether sections found in neither cache are embedded now; else their vectors stay null
     *                (an index served at once, {@link LiveSiteIndex} embedding them afterwards)
     */
    static SectionVectors of(List<IndexedSection> sections, Path cacheDir, SharedVectors fleet, EmbeddingProgress progress,
                             boolean compute) {
        float[][] vectors = new float[sections.size()][];
        Map<EmbeddingModel, List<Integer>> byModel = new LinkedHashMap<>();
        for (int i = 0; i < sections.size(); i++) {
            int at = i;
            sections.get(i).model().ifPresent(m -> byModel.computeIfAbsent(m, k -> new ArrayList<>()).add(at));
        }
        int shared = 0;
        int computed = 0;
        double seconds = 0;
        int total = 0;
        for (List<Integer> at : byModel.values()) {
            total += at.size();
        }
        int done = 0;
        for (Map.Entry<EmbeddingModel, List<Integer>> e : byModel.entrySet()) {
            SectionVectors part = of(e.getKey(), sections, e.getValue(), vectors, cacheDir, fleet, progress, done, total, compute);
            shared += part.shared;
            computed += part.computed;
            seconds += part.seconds;
            done += e.getValue().size();
        }
        return new SectionVectors(vectors, shared, computed, seconds);
    }

    /** Fills {@code vectors} at {@code positions}, all sections of one model. */
    private static SectionVectors of(EmbeddingModel model, List<IndexedSection> sections, List<Integer> positions,
                                     float[][] vectors, Path cacheDir, SharedVectors fleet, EmbeddingProgress progress,
                                     int doneBefore, int total, boolean compute) {
        EmbeddingCache cache = EmbeddingCache.open(cacheDir, model.id(), model.dimension());
        Map<String, List<Integer>> missing = new LinkedHashMap<>();
        Map<String, String> texts = new HashMap<>();
        Map<String, List<Integer>> byKey = new LinkedHashMap<>();
        for (int i : positions) {
            String text = SentenceEmbedder.clip(sections.get(i).embeddingText());
            String key = EmbeddingCache.key(model, text);
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
            texts.put(key, text);
        }
        Map<String, float[]> cached = cache.find(byKey.keySet());
        byKey.forEach((key, at) -> {
            float[] v = cached.get(key);
            if (v == null) {
                missing.put(key, at);
            } else {
                at.forEach(i -> vectors[i] = v);
            }
        });
        int fromFleet = missing.isEmpty() ? 0 : takeShared(model, missing, vectors, cache, fleet);
        if (missing.isEmpty() || !compute) {
            return new SectionVectors(vectors, fromFleet, 0, 0);
        }
        long start = System.nanoTime();
        List<String> keys = List.copyOf(missing.keySet());
        progress.update(doneBefore, total);
        for (int from = 0; from < keys.size(); from += BATCH) {
            List<String> batch = keys.subList(from, Math.min(keys.size(), from + BATCH));
            List<float[]> computed = SentenceEmbedder.embedPassages(model, batch.stream().map(texts::get).toList());
            Map<String, float[]> added = new LinkedHashMap<>();
            for (int j = 0; j < batch.size(); j++) {
                added.put(batch.get(j), computed.get(j));
                for (int i : missing.get(batch.get(j))) {
                    vectors[i] = computed.get(j);
                }
            }
            cache.putAll(added);
            share(model, added, fleet);
            progress.update(doneBefore + from + batch.size(), total);
        }
        return new SectionVectors(vectors, fromFleet, keys.size(), (System.nanoTime() - start) / 1e9);
    }

    /**
     * Fills what the fleet's shared vectors hold of {@code missing} (removed from it) and copies them into
     * the local cache, the first level next time. A shared level that fails is skipped: the sections are
     * embedded here instead, as on a server alone.
     */
    private static int takeShared(EmbeddingModel model, Map<String, List<Integer>> missing, float[][] vectors,
                                  EmbeddingCache cache, SharedVectors fleet) {
        if (fleet == SharedVectors.NONE) {
            return 0;
        }
        long start = System.nanoTime();
        Map<String, float[]> found;
        try {
            found = fleet.find(model.id(), List.copyOf(missing.keySet()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the shared embedding vectors could not be read; embedding here instead: " + e.getMessage(), e);
            return 0;
        }
        Map<String, float[]> usable = new LinkedHashMap<>();
        found.forEach((key, v) -> {
            List<Integer> at = missing.get(key);
            if (at != null && v.length == model.dimension()) {
                usable.put(key, v);
                at.forEach(i -> vectors[i] = v);
                missing.remove(key);
            }
        });
        cache.putAll(usable);
        LOG.info(String.format(Locale.ROOT, "%d of %d section vectors (%s) missing from the local embedding cache found in the"
                + " fleet's shared store in %.2f s", usable.size(), usable.size() + missing.size(), model.id(),
                (System.nanoTime() - start) / 1e9));
        return usable.size();
    }

    /** Adds computed vectors to the fleet's; when that fails they are still in the local cache. */
    private static void share(EmbeddingModel model, Map<String, float[]> added, SharedVectors fleet) {
        if (fleet == SharedVectors.NONE) {
            return;
        }
        try {
            fleet.add(model.id(), added);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "computed embedding vectors could not be shared with the fleet: " + e.getMessage(), e);
        }
    }
}
