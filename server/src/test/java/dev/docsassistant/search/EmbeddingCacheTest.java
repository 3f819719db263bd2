package dev.docsassistant.search;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The cache file as another process (or a restart) reads it: each build asks for the keys it needs. */
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

        List<String> keys = Stream.of("retries", "billing", "themes", "never embedded")
                .map(t -> EmbeddingCache.key(EmbeddingModel.MINILM, t)).toList();
        Map<String, float[]> whole = EmbeddingCache.open(copy(file, "b"), MODEL, 3).find(keys);
        assertEquals(3, whole.size());
        assertArrayEquals(new float[]{0.5f, -1.25f, 3f}, whole.get(keys.get(0)));
        assertArrayEquals(new float[]{1f, 2f, -0.75f}, whole.get(keys.get(1)));
        assertArrayEquals(new float[]{-2f, 0f, 0.125f}, whole.get(keys.get(2)));
        assertNull(whole.get(keys.get(3)));
        assertEquals(Map.of(keys.get(1), List.of(1f, 2f, -0.75f)), asLists(writer.find(List.of(keys.get(1)))), "only what is asked for");

        // A crash in the middle of an append leaves part of a record: the whole ones before it still count.
        Path cut = copy(file, "c");
        Files.write(cut.resolve(MODEL + ".vectors"), new byte[40], StandardOpenOption.APPEND);
        Map<String, float[]> afterCrash = EmbeddingCache.open(cut, MODEL, 3).find(keys);
        assertEquals(3, afterCrash.size());
        assertArrayEquals(new float[]{-2f, 0f, 0.125f}, afterCrash.get(keys.get(2)));
    }

    @Test
    void aFileLongerThanOneReadIsReadWholeAndLaterAppendsAreFound() {
        EmbeddingCache cache = EmbeddingCache.open(dir, MODEL, 3);
        Map<String, float[]> many = new LinkedHashMap<>();
        for (int i = 0; i < 1000; i++) {
            many.put(EmbeddingCache.key(EmbeddingModel.MINILM, "text " + i), new float[]{i, -i, 0.5f});
        }
        cache.putAll(many);
        Map<String, float[]> back = cache.find(many.keySet());
        assertEquals(1000, back.size());
        many.forEach((key, v) -> assertArrayEquals(v, back.get(key)));
        // Appended after a look (here, or by another process sharing the folder): found by the next one.
        String later = EmbeddingCache.key(EmbeddingModel.MINILM, "later");
        cache.putAll(Map.of(later, new float[]{7f, 8f, 9f}));
        assertArrayEquals(new float[]{7f, 8f, 9f}, cache.find(List.of(later)).get(later));
    }

    private static Map<String, List<Float>> asLists(Map<String, float[]> vectors) {
        Map<String, List<Float>> out = new LinkedHashMap<>();
        vectors.forEach((k, v) -> {
            List<Float> list = new java.util.ArrayList<>();
            for (float x : v) {
                list.add(x);
            }
            out.put(k, list);
        });
        return out;
    }

    private Path copy(Path file, String folder) throws IOException {
        Path to = dir.resolve(folder);
        Files.createDirectories(to);
        Files.copy(file, to.resolve(file.getFileName()));
        return to;
    }
}
