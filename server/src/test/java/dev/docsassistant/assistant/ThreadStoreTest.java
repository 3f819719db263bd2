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
    private static final ThreadCaller OWNER = ThreadCaller.key("key_owner", List.of());
    @TempDir
    Path dir;

    @Test
    void threadsAreBoundToTheirDomainAndKey() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore store = new ThreadStore(db);
                ThreadStore.ThreadRef t = store.create("mcp", "anonymous", OWNER, List.of());
                assertTrue(t.id().length() >= 20 && t.key().length() >= 30);
                assertNotEquals(t.id(), store.create("mcp", "anonymous", OWNER, List.of()).id());
                assertTrue(store.reachable("mcp", t.id(), null, OWNER));
                assertTrue(store.reachable("mcp", t.id(), t.key(), OWNER));
                assertFalse(store.reachable("mcp", t.id(), "thk_wrong", OWNER));
                assertFalse(store.reachable("mintlify", t.id(), null, OWNER), "another domain's thread");
                assertFalse(store.reachable("mcp", "thr_unknown", null, OWNER));
            }
        }
    }

    @Test
    void aThreadIsReachedByItsOwnerOnlyWithGroupsCoveringWhatItsAnswersRead() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore store = new ThreadStore(db);
                ThreadCaller staff = ThreadCaller.key("key_staff", List.of("staff", "beta"));
                ThreadStore.ThreadRef t = store.create("mcp", "anonymous", staff, List.of("staff"));
                assertTrue(store.reachable("mcp", t.id(), null, staff));
                assertFalse(store.reachable("mcp", t.id(), null, ThreadCaller.key("key_other", List.of("staff"))), "another key");
                assertFalse(store.reachable("mcp", t.id(), t.key(), ThreadCaller.key("key_other", List.of("staff"))),
                        "another key, even with the thread's key");
                // The same key id without the group (a key is never changed; this stands for any caller lacking it).
                assertFalse(store.reachable("mcp", t.id(), t.key(), ThreadCaller.key("key_staff", List.of())), db.dialect().toString());
                store.append(t.id(), List.of("beta"), List.of(new ThreadStore.StoredMessage(0, "user", "q", "[]")));
                assertFalse(store.reachable("mcp", t.id(), null, ThreadCaller.key("key_staff", List.of("staff"))),
                        "a turn reading beta: the thread now needs both");
                assertTrue(store.reachable("mcp", t.id(), null, staff));
            }
        }
    }

    @Test
    void aPublicKeysThreadIsReachedWithTheThreadsKeyOnly() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore store = new ThreadStore(db);
                ThreadCaller visitor = new ThreadCaller("pages:mcp", true, List.of());
                ThreadStore.ThreadRef t = store.create("mcp", "anon-1", visitor, List.of());
                assertFalse(store.reachable("mcp", t.id(), null, visitor), "the page key alone is any reader's");
                assertFalse(store.reachable("mcp", t.id(), "thk_wrong", visitor));
                assertTrue(store.reachable("mcp", t.id(), t.key(), visitor));
                assertFalse(store.reachable("mcp", t.id(), t.key(), OWNER), "a private key of the organisation is not its owner");
            }
        }
    }

    @Test
    void aThreadMadeBeforeOwnersWereRecordedIsReachedWithItsKeyOnly() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore store = new ThreadStore(db);
                ThreadStore.ThreadRef t = store.create("mcp", "anonymous", OWNER, List.of());
                db.transaction(c -> {
                    try (var ps = c.prepareStatement("UPDATE threads SET owner = NULL WHERE id = ?")) {
                        ps.setString(1, t.id());
                        return ps.executeUpdate();
                    }
                });
                assertFalse(store.reachable("mcp", t.id(), null, OWNER), db.dialect().toString());
                assertTrue(store.reachable("mcp", t.id(), t.key(), OWNER));
            }
        }
    }

    @Test
    void concurrentAppendsToOneThreadLoseNothing() throws Exception {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore store = new ThreadStore(db);
                String id = store.create("mcp", "fp", OWNER, List.of()).id();
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
            id = store.create("mcp", "fp", OWNER, List.of()).id();
            store.append(id, List.of(new ThreadStore.StoredMessage(0, "user", "hello", "[]")));
        }
        try (Database db = Database.openSqlite(dir)) {
            ThreadStore store = new ThreadStore(db);
            assertTrue(store.reachable("mcp", id, null, OWNER));
            assertEquals("hello", store.messages(id).get(0).content());
        }
    }

    private static List<ThreadStore.StoredMessage> turn(String clientId, String question, String answer) {
        return List.of(new ThreadStore.StoredMessage(0, "user", question, "[]", clientId),
                new ThreadStore.StoredMessage(0, "assistant", answer, "[]"));
    }

    private static List<String> contents(ThreadStore store, String id) {
        return store.messages(id).stream().map(ThreadStore.StoredMessage::content).toList();
    }

    @Test
    void aQuestionStoredAgainUnderItsIdReplacesItsTurn() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore store = new ThreadStore(db);
                String id = store.create("mcp", "fp", OWNER, List.of()).id();
                assertEquals(0, store.append(id, turn("q1", "first?", "a1")));
                assertEquals(0, store.append(id, turn("q2", "second?", "a2")));
                assertEquals(2, store.append(id, turn("q2", "second?", "a2 again")), db.dialect().toString());
                assertEquals(List.of("first?", "a1", "second?", "a2 again"), contents(store, id), db.dialect().toString());
                assertEquals(List.of(1, 2, 3, 4), store.messages(id).stream().map(ThreadStore.StoredMessage::seq).toList());
                assertEquals("q2", store.messages(id).get(2).clientId());

                // An earlier question asked again (an AI SDK regenerate): the client drops what followed it, so does the thread.
                assertEquals(4, store.append(id, turn("q1", "first?", "a1 again")));
                assertEquals(List.of("first?", "a1 again"), contents(store, id));

                // The same id with other text is another question: clients that number every message alike lose nothing.
                assertEquals(0, store.append(id, turn("q1", "third?", "a3")));
                assertEquals(0, store.append(id, turn(null, "fourth?", "a4")));
                assertEquals(0, store.append(id, turn(null, "fourth?", "a4")), "no id: nothing to recognise a retry by");
                assertEquals(List.of("first?", "a1 again", "third?", "a3", "fourth?", "a4", "fourth?", "a4"), contents(store, id));

                // Ids are per thread.
                String other = store.create("mcp", "fp", OWNER, List.of()).id();
                assertEquals(0, store.append(other, turn("q2", "second?", "elsewhere")));
                assertEquals(8, store.messages(id).size());
            }
        }
    }

    @Test
    void concurrentRetriesOfOneQuestionStoreOneTurn() throws Exception {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore store = new ThreadStore(db);
                String id = store.create("mcp", "fp", OWNER, List.of()).id();
                store.append(id, turn("q0", "before?", "a0"));
                ExecutorService pool = Executors.newFixedThreadPool(8);
                List<Future<?>> futures = new ArrayList<>();
                for (int i = 0; i < 24; i++) {
                    int n = i;
                    futures.add(pool.submit(() -> store.append(id, turn("q1", "again?", "a" + n))));
                }
                for (Future<?> f : futures) {
                    f.get();
                }
                pool.shutdown();
                List<ThreadStore.StoredMessage> messages = store.messages(id);
                assertEquals(4, messages.size(), db.dialect() + ": " + contents(store, id));
                assertEquals(List.of("before?", "a0", "again?"), contents(store, id).subList(0, 3));
            }
        }
    }
}
