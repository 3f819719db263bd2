package dev.docsassistant.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Vectors already computed, kept in one append-only file per model under the cache folder
 * ({@code data/embeddings/all-minilm-l6-v2-q.vectors}), keyed by the SHA-256 of the model id and
 * the embedded text. Re-indexing a site, a restart, or a changed page embed only texts never seen.
 *
 * <p>Each record is the 32-byte key then the vector's floats; a record cut short by a crash is
 * ignored on load. Appends take a file lock, so processes sharing the folder (a test run, two
 * servers on one data dir) add to it safely; one process opens each file once.
 */
final class EmbeddingCache {
    private static final java.util.concurrent.ConcurrentHashMap<Path, Object> IN_PROCESS = new java.util.concurrent.ConcurrentHashMap<>();
    private static final int KEY_BYTES = 32;
    private static final Map<Path, EmbeddingCache> OPEN = new ConcurrentHashMap<>();

    private final Path file;
    private final int dimension;
    private final Map<String, float[]> vectors = new ConcurrentHashMap<>();

    private EmbeddingCache(Path file, int dimension) {
        this.file = file;
        this.dimension = dimension;
    }

    /** The cache of {@code modelId} in {@code dir}, loaded once per process. */
    static EmbeddingCache open(Path dir, String modelId, int dimension) {
        Path file = dir.toAbsolutePath().normalize().resolve(modelId + ".vectors");
        return OPEN.computeIfAbsent(file, f -> {
            EmbeddingCache cache = new EmbeddingCache(f, dimension);
            cache.load();
            return cache;
        });
    }

    static String key(EmbeddingModel model, String text) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(model.id().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    float[] get(String key) {
        return vectors.get(key);
    }

    int size() {
        return vectors.size();
    }

    /** Adds vectors and appends them to the file. */
    void putAll(Map<String, float[]> added) {
        if (added.isEmpty()) {
            return;
        }
        ByteBuffer buf = ByteBuffer.allocate(added.size() * recordBytes()).order(ByteOrder.LITTLE_ENDIAN);
        added.forEach((key, v) -> {
            buf.put(HexFormat.of().parseHex(key));
            for (float x : v) {
                buf.putFloat(x);
            }
        });
        buf.flip();
        // The file lock keeps other processes out; within this JVM (sites embedding side by side) a file
        // lock taken twice throws, so threads take turns on a monitor per file first.
        synchronized (IN_PROCESS.computeIfAbsent(file.toAbsolutePath().normalize(), f -> new Object())) {
            try {
                Files.createDirectories(file.getParent());
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.APPEND);
                     FileLock ignored = ch.lock()) {
                    while (buf.hasRemaining()) {
                        ch.write(buf);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the embedding cache " + file + ": " + e.getMessage(), e);
            }
        }
        vectors.putAll(added);
    }

    private void load() {
        if (!Files.isRegularFile(file)) {
            return;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer all = ByteBuffer.allocate((int) ch.size()).order(ByteOrder.LITTLE_ENDIAN);
            while (all.hasRemaining() && ch.read(all) >= 0) {
                // read fully
            }
            all.flip();
            byte[] key = new byte[KEY_BYTES];
            while (all.remaining() >= recordBytes()) {
                all.get(key);
                float[] v = new float[dimension];
                all.asFloatBuffer().get(v);
                all.position(all.position() + dimension * Float.BYTES);
                vectors.put(HexFormat.of().formatHex(key), v);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the embedding cache " + file + ": " + e.getMessage(), e);
        }
    }

    private int recordBytes() {
        return KEY_BYTES + dimension * Float.BYTES;
    }
}
