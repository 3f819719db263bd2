package dev.docsassistant.search;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collection;
import java.util.Map;

/**
 * The second level of the embedding cache, shared by the servers of a fleet (a table of their
 * PostgreSQL store): vectors one server computed are found here by the others, so a section is
 * embedded once for the fleet, and a server started on a fresh data directory embeds nothing the
 * fleet has seen. Keys are the local cache's: the hex SHA-256 of the model id and the text.
 *
 * <p>Declared here and implemented where the store is wired, so search stays free of the store.
 */
public interface SharedVectors {
    /** No shared level: one server alone (SQLite), or keyword search. */
    SharedVectors NONE = new SharedVectors() {
        @Override
        public Map<String, float[]> find(String model, Collection<String> keys) {
            return Map.of();
        }

        @Override
        public void add(String model, Map<String, float[]> vectors) {
            // nothing is shared
        }
    };

    /** The vectors held for those of {@code keys} that are there, by key. */
    Map<String, float[]> find(String model, Collection<String> keys);

    /** Adds vectors; a key held already keeps the vector it has (another server computed the same one). */
    void add(String model, Map<String, float[]> vectors);

    /** A vector as stored: its floats, little-endian (the local cache file's layout). */
    static byte[] bytes(float[] vector) {
        ByteBuffer buf = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buf.asFloatBuffer().put(vector);
        return buf.array();
    }

    /** The vector of {@link #bytes}. */
    static float[] floats(byte[] stored) {
        float[] v = new float[stored.length / Float.BYTES];
        ByteBuffer.wrap(stored).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
        return v;
    }
}
