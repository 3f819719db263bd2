package dev.docsassistant.assistant;

import dev.docsassistant.store.Database;
import dev.docsassistant.store.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs on SQLite and, when configured, on PostgreSQL. */
class ThreadStoreTest {
    @TempDir
    Path dir;

    @Test
    void threadsAreBoundToTheirDomainAndKey() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore store = new ThreadStore(db);
                ThreadStore.ThreadRef t = store.create("mcp", "anonymous");
                assertTrue(t.id().length() >= 20 && t.key().length() >= 30);
                assertNotEquals(t.id(), store.create("mcp", "anonymous").id());
                assertTrue(store.exists("mcp", t.id(), null));
                assertTrue(store.exists("mcp", t.id(), t.key()));
                assertFalse(store.exists("mcp", t.id(), "thk_wrong"));
                assertFalse(store.exists("mintlify", t.id(), null), "another domain's thread");
                assertFalse(store.exists("mcp", "thr_unknown", null));
            }
        }
    }

    @Test
    void concurrentAppendsToOneThreadLoseNothing() throws Exception {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore store = new ThreadStore(db);
                String id = store.create("mcp", "fp").id();
                ExecutorService pool = Executors.newFixedThreadPool(8);
                List<Future<?>> futures = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    int n = i;
                    futures.add(pool.submit(() -> store.append(id, List.of(
                            new ThreadStore.StoredMessage(0, "user", "q" + n, "[]"),
                            new ThreadStore.StoredMessage(0, "assistant", "a" + n, "[]")))));
                }
                for (Future<?> f : futures) {
                    f.get();
                }
                pool.shutdown();
                List<ThreadStore.StoredMessage> messages = store.messages(id);
                assertEquals(80, messages.size());
                for (int i = 0; i < 80; i += 2) {
                    // Each turn's two messages stay together and in order.
                    assertEquals("user", messages.get(i).role());
                    assertEquals(messages.get(i).content().substring(1), messages.get(i + 1).content().substring(1));
                    assertEquals(i + 1, messages.get(i).seq());
                }
            }
        }
    }

    @Test
    void threadsSurviveARestart() {
        String id;
        try (Database db = Database.openSqlite(dir)) {
            ThreadStore store = new ThreadStore(db);
            id = store.create("mcp", "fp").id();
            store.append(id, List.of(new ThreadStore.StoredMessage(0, "user", "hello", "[]")));
        }
        try (Database db = Database.openSqlite(dir)) {
            ThreadStore store = new ThreadStore(db);
            assertTrue(store.exists("mcp", id, null));
            assertEquals("hello", store.messages(id).get(0).content());
        }
    }
}
