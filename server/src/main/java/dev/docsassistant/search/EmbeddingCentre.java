package dev.docsassistant.search;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;

/**
 * The mean of a site's section vectors, subtracted from every section and query vector before
 * comparing them. Sentence embeddings share a large common direction, so short generic sections
 * ("Quickstart", a list of cards) sit close to every question and turn up in the top results of
 * unrelated ones (hubness). Centring on the site's own mean removes that shared part and leaves
 * what tells one section from another; it costs one vector subtraction per query.
 */
record EmbeddingCentre(float[] mean) {
    static final EmbeddingCentre NONE = new EmbeddingCentre(null);

    static EmbeddingCentre of(float[][] vectors) {
        float[] mean = null;
        int n = 0;
        for (float[] v : vectors) {
            if (v == null) {
                continue;
            }
            if (mean == null) {
                mean = new float[v.length];
            }
            for (int i = 0; i < v.length; i++) {
                mean[i] += v[i];
            }
            n++;
        }
        if (mean == null) {
            return NONE;
        }
        for (int i = 0; i < mean.length; i++) {
            mean[i] /= n;
        }
        return new EmbeddingCentre(mean);
    }

    /** The vector minus the mean, at unit length again (a new array). */
    float[] apply(float[] v) {
        float[] out = v.clone();
        if (mean != null) {
            for (int i = 0; i < out.length; i++) {
                out[i] -= mean[i];
            }
        }
        return SentenceEmbedder.normalise(out);
    }

    /** For the index's commit data, so a reused index centres queries as it centred its sections. */
    String encode() {
        if (mean == null) {
            return "";
        }
        ByteBuffer buf = ByteBuffer.allocate(mean.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buf.asFloatBuffer().put(mean);
        return Base64.getEncoder().encodeToString(buf.array());
    }

    static EmbeddingCentre decode(String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return NONE;
        }
        ByteBuffer buf = ByteBuffer.wrap(Base64.getDecoder().decode(encoded)).order(ByteOrder.LITTLE_ENDIAN);
        float[] mean = new float[buf.remaining() / Float.BYTES];
        buf.asFloatBuffer().get(mean);
        return new EmbeddingCentre(mean);
    }
}
