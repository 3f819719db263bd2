package dev.docsassistant.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Background writes gathered into one transaction, written at once by a flush or a close whatever the
 * gathering time, a failing write losing only itself, and the bound on what waits.
 */
class BackgroundWritesTest {
    /** Longer than any test runs: only a flush or a close can have the writes written. */
    private static final Duration NEVER = Duration.ofHours(1);

    @TempDir
    Path tmp;

    @Test
    void writesQueuedTogetherShareOneTransactionAndAFlushWritesThemWithoutWaitingOutTheGathering() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db, NEVER)) {
                table(db);
                List<Connection> seen = Collections.synchronizedList(new ArrayList<>());
                for (int i = 0; i < 20; i++) {
                    int n = i;
                    writes.submit("row " + n, c -> {
                        seen.add(c);
                        return insert(c, n);
                    });
                }
                assertFlushed(writes, Duration.ofSeconds(30));
                assertEquals(20, count(db));
                // The pool hands each transaction a connection object of its own.
                assertEquals(1, Set.copyOf(seen).size(), "one transaction for the batch");
            }
        }
    }

    /**
     * Flushes right behind writes, again and again: a flush whose wake-up the writer thread lost (its permit
     * used up by the queue's own lock) would wait out the gathering and fail here.
     */
    @Test
    void everyFlushRightBehindWritesReturnsAtOnce() {
        Database db = Database.openSqlite(tmp.resolve("flushes"));
        try (db; BackgroundWrites writes = new BackgroundWrites(db, NEVER)) {
            table(db);
            for (int round = 0; round < 3_000; round++) {
                for (int i = 0; i < 3; i++) {
                    int n = round;
                    writes.submit("row", c -> insert(c, n));
                }
                assertFlushed(writes, Duration.ofSeconds(5));
            }
            assertEquals(9_000, count(db));
        }
    }

    @Test
    void aFailingWriteLosesOnlyItselfAndTheOthersAreWrittenOnce() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db, NEVER)) {
                table(db);
                writes.submit("first", c -> insert(c, 1));
                writes.submit("broken", c -> {
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO no_such_table VALUES (1)")) {
                        return ps.executeUpdate();
                    }
                });
                writes.submit("third", c -> insert(c, 3));
                assertFlushed(writes, Duration.ofSeconds(30));
                assertEquals(List.of(1, 3), rows(db));
            }
        }
    }

    @Test
    void closeWritesWhatIsQueuedAtOnce() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db) {
                table(db);
                BackgroundWrites writes = new BackgroundWrites(db, NEVER);
                for (int i = 0; i < 5; i++) {
                    int n = i;
                    writes.submit("row " + n, c -> insert(c, n));
                }
                writes.close();
                assertEquals(List.of(0, 1, 2, 3, 4), rows(db));
                writes.submit("after", c -> insert(c, 9));
                assertEquals(1, writes.dropped(), "a write after close is dropped and counted");
            }
        }
    }

    @Test
    void whenTheStoreFallsBehindTheQueueIsBoundedAndDropsAreCounted() throws Exception {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db, Duration.ZERO)) {
                table(db);
                CountDownLatch started = new CountDownLatch(1);
                CountDownLatch release = new CountDownLatch(1);
                writes.submit("slow", c -> {
                    started.countDown();
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return insert(c, -1);
                });
                assertTrue(started.await(30, TimeUnit.SECONDS));
                for (int i = 0; i < BackgroundWrites.CAPACITY + 3; i++) {
                    int n = i;
                    writes.submit("row", c -> insert(c, n));
                }
                assertEquals(3, writes.dropped());
                release.countDown();
                assertFlushed(writes, Duration.ofSeconds(60));
                assertEquals(1 + BackgroundWrites.CAPACITY, count(db));
            }
        }
    }

    /**
     * A flush that fails says why and where the writer thread was (one timed out in CI before a lost
     * wake-up was mended).
     */
    private static void assertFlushed(BackgroundWrites writes, Duration timeout) {
        if (!writes.flush(timeout)) {
            // An interrupt left on the test thread (by an earlier test) ends the wait at once: say which it was.
            StringBuilder where = new StringBuilder(Thread.currentThread().isInterrupted()
                    ? "flush gave up: the test thread is interrupted; the writer thread:"
                    : "flush timed out after " + timeout + "; the writer thread:");
            Thread.getAllStackTraces().forEach((thread, stack) -> {
                if (thread.getName().equals("store-background-writes")) {
                    where.append("\n").append(thread.getState());
                    for (StackTraceElement frame : stack) {
                        where.append("\n  at ").append(frame);
                    }
                }
            });
            throw new AssertionError(where);
        }
    }

    private static void table(Database db) {
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("CREATE TABLE written (n INTEGER NOT NULL)")) {
                return ps.executeUpdate();
            }
        });
    }

    private static int insert(Connection c, int n) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO written (n) VALUES (?)")) {
            ps.setInt(1, n);
            return ps.executeUpdate();
        }
    }

    private static int count(Database db) {
        return rows(db).size();
    }

    private static List<Integer> rows(Database db) {
        return db.transaction(c -> {
            List<Integer> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT n FROM written ORDER BY n");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getInt(1));
                }
            }
            return out;
        });
    }
}
