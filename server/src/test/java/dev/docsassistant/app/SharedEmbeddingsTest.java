package dev.docsassistant.app;

import dev.docsassistant.search.SharedVectors;
import dev.docsassistant.store.Database;
import dev.docsassistant.store.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The shared vectors table on each store (the same SQL runs on both, though only a PostgreSQL store
 * uses it): more keys than one statement takes, found exactly; unknown keys and other models' left
 * out; a key added twice keeps its first vector.
 */
class SharedEmbeddingsTest {
    @TempDir
    Path dir;

    @Test
    void vectorsAddedAreFoundByKeyAndModelAndTheFirstOneStays() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                String on = db.dialect().toString();
                SharedEmbeddings shared = new SharedEmbeddings(db);
                Map<String, float[]> added = new LinkedHashMap<>();
                for (int i = 0; i < 1_234; i++) { // more than one look-up (500) or insert (200) takes
                    added.put(key("section " + i), new float[]{i, -i / 3f, Float.MIN_VALUE, 0.1f * i});
                }
                shared.add("model-a", added);

                List<String> asked = new ArrayList<>(added.keySet());
                asked.add(key("never embedded"));
                Map<String, float[]> found = shared.find("model-a", asked);
                assertEquals(added.keySet(), found.keySet(), on);
                added.forEach((k, v) -> assertArrayEquals(v, found.get(k), on));
                assertEquals(Map.of(), shared.find("model-b", asked), "another model's vectors are not these: " + on);

                String first = key("section 7");
                shared.add("model-a", Map.of(first, new float[]{9f, 9f, 9f, 9f}, key("section new"), new float[]{1f, 2f, 3f, 4f}));
                Map<String, float[]> again = shared.find("model-a", List.of(first, key("section new")));
                assertArrayEquals(added.get(first), again.get(first), "the vector added first stays: " + on);
                assertArrayEquals(new float[]{1f, 2f, 3f, 4f}, again.get(key("section new")), on);
                assertEquals(Set.of(), shared.find("model-a", List.of()).keySet(), on);
            }
        }
    }

    @Test
    void onlyAPostgresqlStoreIsShared() {
        try (Database sqlite = Database.openSqlite(dir.resolve("alone"))) {
            assertSame(SharedVectors.NONE, SharedEmbeddings.forStore(sqlite));
        }
    }

    private static String key(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
