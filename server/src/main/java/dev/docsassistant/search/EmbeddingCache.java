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
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Vectors already computed, kept in one append-only file per model under the cache folder
 * ({@code data/embeddings/all-minilm-l6-v2-q.vectors}), keyed by the SHA-256 of the model id and
 * the embedded text. Re-indexing a site, a restart, or a changed page embed only texts never seen.
 *
 * <p>Each record is the 32-byte key then the vector's floats; a record cut short by a crash is
 * ignored. Appends take a file lock, so processes sharing the folder (a test run, two servers on
 * one data dir) add to it safely. The process keeps where each key's record starts (about 150 bytes a
 * key), not the vectors: an index build reads the records it asks for, and keeping every vector ever
 * embedded would cost a serving process megabytes of heap for good. Records appended since the last
 * look (by this process or another) are indexed on the next {@link #find}.
 */
final class EmbeddingCache {
    private static final ConcurrentHashMap<Path, Object> IN_PROCESS = new ConcurrentHashMap<>();
    private static final Map<Path, EmbeddingCache> OPEN = new ConcurrentHashMap<>();
    private static final int KEY_BYTES = 32;
    /** Records scanned per file read while indexing. */
    private static final int READ_RECORDS = 256;

    private final Path file;
    private final int dimension;
    /** Where each key's record starts in the file. */
    private final Map<String, Long> offsets = new HashMap<>();
    /** How much of the file {@link #offsets} covers: whole records only. */
    private long indexed;

    private EmbeddingCache(Path file, int dimension) {
        this.file = file;
        this.dimension = dimension;
    }

    /** The cache of {@code modelId} in {@code dir}, one per file and process. */
    static EmbeddingCache open(Path dir, String modelId, int dimension) {
        return OPEN.computeIfAbsent(dir.toAbsolutePath().normalize().resolve(modelId + ".vectors"), f -> new EmbeddingCache(f, dimension));
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
    synchronized Map<String, float[]> find(Collection<String> keys) {
        Map<String, float[]> found = new HashMap<>();
        if (keys.isEmpty() || !Files.isRegularFile(file)) {
            return found;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            indexNewRecords(ch);
            ByteBuffer vector = ByteBuffer.allocate(dimension * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (String key : keys) {
                Long at = offsets.get(key);
                if (at == null || found.containsKey(key)) {
                    continue;
                }
                vector.clear();
                readFully(ch, vector, at + KEY_BYTES);
                float[] v = new float[dimension];
                vector.flip();
                vector.asFloatBuffer().get(v);
                found.put(key, v);
            }
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the embedding cache " + file + ": " + e.getMessage(), e);
        }
    }

    /** Adds the keys of the whole records past {@link #indexed}; a part record at the end (a crash's, or an append under way) waits. */
    private void indexNewRecords(FileChannel ch) throws IOException {
        int record = recordBytes();
        ByteBuffer buf = ByteBuffer.allocate(record * READ_RECORDS);
        byte[] key = new byte[KEY_BYTES];
        long size = ch.size();
        while (size - indexed >= record) {
            buf.clear();
            buf.limit((int) Math.min(buf.capacity(), (size - indexed) / record * record));
            readFully(ch, buf, indexed);
            buf.flip();
            while (buf.remaining() >= record) {
                buf.get(key);
                offsets.put(HexFormat.of().formatHex(key), indexed);
                buf.position(buf.position() + dimension * Float.BYTES);
                indexed += record;
            }
        }
    }

    /** Fills a cleared {@code buf} with the file's bytes from {@code position} on (fewer at the end of the file). */
    private static void readFully(FileChannel ch, ByteBuffer buf, long position) throws IOException {
        while (buf.hasRemaining() && ch.read(buf, position + buf.position()) >= 0) {
            // a positional read may return less than asked
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
