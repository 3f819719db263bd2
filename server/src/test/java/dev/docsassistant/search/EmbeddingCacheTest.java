package dev.docsassistant.search;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The cache file as another process (or a restart) reads it. One process opens each file once, so
 * the file is copied to a new folder to be read back.
 */
class EmbeddingCacheTest {
    private static final String MODEL = "test-model";

    @TempDir
    Path dir;

    @Test
    void vectorsWrittenByOneProcessAreReadByTheNextAndACutRecordIsIgnored() throws IOException {
        Map<String, float[]> first = new LinkedHashMap<>();
        first.put(EmbeddingCache.key(EmbeddingModel.MINILM, "retries"), new float[]{0.5f, -1.25f, 3f});
        first.put(EmbeddingCache.key(EmbeddingModel.MINILM, "billing"), new float[]{1f, 2f, -0.75f});
        EmbeddingCache writer = EmbeddingCache.open(dir.resolve("a"), MODEL, 3);
        writer.putAll(first);
        writer.putAll(Map.of(EmbeddingCache.key(EmbeddingModel.MINILM, "themes"), new float[]{-2f, 0f, 0.125f}));
        Path file = dir.resolve("a").resolve(MODEL + ".vectors");
        assertEquals(3 * (32 + 3 * Float.BYTES), Files.size(file), "three records of key and floats");

        EmbeddingCache whole = EmbeddingCache.open(copy(file, "b"), MODEL, 3);
        assertEquals(3, whole.size());
        assertArrayEquals(new float[]{0.5f, -1.25f, 3f}, whole.get(EmbeddingCache.key(EmbeddingModel.MINILM, "retries")));
        assertArrayEquals(new float[]{1f, 2f, -0.75f}, whole.get(EmbeddingCache.key(EmbeddingModel.MINILM, "billing")));
        assertArrayEquals(new float[]{-2f, 0f, 0.125f}, whole.get(EmbeddingCache.key(EmbeddingModel.MINILM, "themes")));
        assertNull(whole.get(EmbeddingCache.key(EmbeddingModel.MINILM, "never embedded")));

        // A crash in the middle of an append leaves part of a record: the whole ones before it still count.
        Path cut = copy(file, "c");
        Files.write(cut.resolve(MODEL + ".vectors"), new byte[40], StandardOpenOption.APPEND);
        EmbeddingCache afterCrash = EmbeddingCache.open(cut, MODEL, 3);
        assertEquals(3, afterCrash.size());
        assertArrayEquals(new float[]{-2f, 0f, 0.125f}, afterCrash.get(EmbeddingCache.key(EmbeddingModel.MINILM, "themes")));
    }

    private Path copy(Path file, String folder) throws IOException {
        Path to = dir.resolve(folder);
        Files.createDirectories(to);
        Files.copy(file, to.resolve(file.getFileName()));
        return to;
    }
}
