package dev.docsassistant.insights;

import org.apache.lucene.util.VectorUtil;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Float vectors as the store keeps them (little-endian float32, as {@code shared_embeddings}), and their arithmetic. */
final class Vectors {
    private Vectors() {
    }

    static byte[] bytes(float[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(v);
        return b.array();
    }

    static float[] floats(byte[] bytes) {
        float[] v = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
        return v;
    }

    /** Lucene's, which uses the CPU's vector instructions when the JVM offers them: a batch compares each question with every centroid. */
    static double dot(float[] a, float[] b) {
        return VectorUtil.dotProduct(a, b);
    }

    static double norm(float[] v) {
        return Math.sqrt(dot(v, v));
    }
}
