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
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Vectors already computed, kept in one append-only file per model under the cache folder
 * ({@code data/embeddings/all-minilm-l6-v2-q.vectors}), keyed by the SHA-256 of the model id and
 * the embedded text. Re-indexing a site, a restart, or a changed page embed only texts never seen.
 *
 * <p>Each record is the 32-byte key then the vector's floats; a record cut short by a crash is
 * ignored. Appends take a file lock, so processes sharing the folder (a test run, two servers on
 * one data dir) add to it safely. Nothing is held in memory between uses: an index build reads the
 * records it asks for in one pass over the file (tens of milliseconds for a large site), where
 * keeping every vector ever embedded would cost a serving process megabytes of heap for good.
 */
final class EmbeddingCache {
    private static final ConcurrentHashMap<Path, Object> IN_PROCESS = new ConcurrentHashMap<>();
    private static final int KEY_BYTES = 32;
    /** Records read per file read. */
    private static final int READ_RECORDS = 256;

    private final Path file;
    private final int dimension;

    private EmbeddingCache(Path file, int dimension) {
        this.file = file;
        this.dimension = dimension;
    }

    /** The cache of {@code modelId} in {@code dir}. */
    static EmbeddingCache open(Path dir, String modelId, int dimension) {
        return new EmbeddingCache(dir.toAbsolutePath().normalize().resolve(modelId + ".vectors"), dimension);
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

    /** The vectors the file holds of {@code keys}, by key; keys it lacks are absent. */
    Map<String, float[]> find(Collection<String> keys) {
        Map<String, float[]> found = new HashMap<>();
        if (keys.isEmpty() || !Files.isRegularFile(file)) {
            return found;
        }
        Set<String> wanted = new HashSet<>(keys);
        int record = recordBytes();
        ByteBuffer buf = ByteBuffer.allocate(record * READ_RECORDS).order(ByteOrder.LITTLE_ENDIAN);
        byte[] key = new byte[KEY_BYTES];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (true) {
                int read = ch.read(buf);
                buf.flip();
                while (buf.remaining() >= record) {
                    buf.get(key);
                    String hex = HexFormat.of().formatHex(key);
                    if (wanted.contains(hex)) {
                        float[] v = new float[dimension];
                        buf.asFloatBuffer().get(v);
                        found.put(hex, v);
                    }
                    buf.position(buf.position() + dimension * Float.BYTES);
                }
                buf.compact(); // keeps a part record for the next read; at the end it is a crash's cut record
                if (read < 0) {
                    return found;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the embedding cache " + file + ": " + e.getMessage(), e);
        }
    }

    /** Appends vectors to the file. */
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
        synchronized (IN_PROCESS.computeIfAbsent(file, f -> new Object())) {
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
    }

    private int recordBytes() {
        return KEY_BYTES + dimension * Float.BYTES;
    }
}
