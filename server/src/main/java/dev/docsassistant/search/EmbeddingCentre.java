package dev.docsassistant.search;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The mean of a site's section vectors, per model, subtracted from every section and query vector
 * before comparing them. Sentence embeddings share a large common direction, so short generic
 * sections ("Quickstart", a list of cards) sit close to every question and turn up in the top
 * results of unrelated ones (hubness). Centring on the site's own mean removes that shared part and
 * leaves what tells one section from another; it costs one vector subtraction per query.
 *
 * @param means by model id
 */
record EmbeddingCentre(Map<String, float[]> means) {
    static final EmbeddingCentre NONE = new EmbeddingCentre(Map.of());

    /** The mean of each model's vectors; {@code vectors[i]} belongs to {@code sections.get(i)} (null when not embedded). */
    static EmbeddingCentre of(List<IndexedSection> sections, float[][] vectors) {
        Map<String, float[]> sums = new HashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < vectors.length; i++) {
            float[] v = vectors[i];
            if (v == null) {
                continue;
            }
            String model = sections.get(i).model().orElseThrow().id();
            float[] sum = sums.computeIfAbsent(model, m -> new float[v.length]);
            for (int j = 0; j < v.length; j++) {
                sum[j] += v[j];
            }
            counts.merge(model, 1, Integer::sum);
        }
        sums.forEach((model, sum) -> {
            int n = counts.get(model);
            for (int j = 0; j < sum.length; j++) {
                sum[j] /= n;
            }
        });
        return new EmbeddingCentre(Map.copyOf(sums));
    }

    /** The vector minus its model's mean, at unit length again (a new array). */
    float[] apply(EmbeddingModel model, float[] v) {
        float[] out = v.clone();
        float[] mean = means.get(model.id());
        if (mean != null) {
            for (int i = 0; i < out.length; i++) {
                out[i] -= mean[i];
            }
        }
        return SentenceEmbedder.normalise(out);
    }

    /** For the index's commit data, so a reused index centres queries as it centred its sections: {@code id:base64;…}. */
    String encode() {
        return new TreeMap<>(means).entrySet().stream().map(e -> {
            ByteBuffer buf = ByteBuffer.allocate(e.getValue().length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            buf.asFloatBuffer().put(e.getValue());
            return e.getKey() + ":" + Base64.getEncoder().encodeToString(buf.array());
        }).collect(Collectors.joining(";"));
    }

    static EmbeddingCentre decode(String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return NONE;
        }
        Map<String, float[]> means = new HashMap<>();
        for (String part : encoded.split(";")) {
            int colon = part.indexOf(':');
            if (colon < 0) {
                continue; // an index of an older layout: its fingerprint differs, so it is rebuilt anyway
            }
            ByteBuffer buf = ByteBuffer.wrap(Base64.getDecoder().decode(part.substring(colon + 1))).order(ByteOrder.LITTLE_ENDIAN);
            float[] mean = new float[buf.remaining() / Float.BYTES];
            buf.asFloatBuffer().get(mean);
            means.put(part.substring(0, colon), mean);
        }
        return new EmbeddingCentre(Map.copyOf(means));
    }
}
