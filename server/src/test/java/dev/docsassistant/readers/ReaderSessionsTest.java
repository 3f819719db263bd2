package dev.docsassistant.readers;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.content.Page;
import dev.docsassistant.store.Database;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.MovableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Readers' sessions in the store (SQLite, and PostgreSQL when bin/test provides one). */
class ReaderSessionsTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    @TempDir
    Path dir;

    @Test
    void aSessionIsFoundForItsSiteOnlyUntilItExpiresOrIsClosed() throws Exception {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ReaderSessions sessions = new ReaderSessions(db, Clock.fixed(NOW, ZoneOffset.UTC));
                ObjectNode content = JsonNodeFactory.instance.objectNode().put("firstName", "Jane");
                Reader jane = new Reader(Optional.of("jane"), List.of("admin"), content, null, NOW.plus(Duration.ofHours(2)));
                String token = sessions.open("handbook", jane);
                assertEquals(Optional.of(jane.groups()), sessions.find("handbook", token).map(Reader::groups));
                assertEquals(List.of("admin", Page.SIGNED_IN), sessions.find("handbook", token).orElseThrow().accessGroups());
                assertEquals(Optional.empty(), sessions.find("other", token), "a cookie of another site opens nothing");
                assertEquals(Optional.empty(), sessions.find("handbook", token + "x"));
                assertFalse(dump(db).contains(token), "only the token's hash is stored");

                // Another server (or this one after a restart) reads it from the store.
                MovableClock otherClock = new MovableClock(NOW);
                ReaderSessions restarted = new ReaderSessions(db, otherClock);
                Reader read = restarted.find("handbook", token).orElseThrow();
                assertEquals("Jane", read.contentValue("firstName").orElseThrow());
                assertEquals(jane.expiresAt(), read.expiresAt());
                ReaderSessions later = new ReaderSessions(db, Clock.fixed(NOW.plus(Duration.ofHours(3)), ZoneOffset.UTC));
                assertEquals(Optional.empty(), later.find("handbook", token), "expired");

                String second = sessions.open("handbook", Reader.anonymous(NOW.plus(Duration.ofHours(1))));
                sessions.open("other", Reader.anonymous(NOW.plus(Duration.ofHours(1))));
                assertEquals(2, sessions.count("handbook"));
                sessions.close(second);
                assertEquals(Optional.empty(), sessions.find("handbook", second));
                assertEquals(1, sessions.closeAll("handbook"));
                assertEquals(Optional.empty(), sessions.find("handbook", token), "signed everyone out, cache too");
                assertTrue(restarted.find("handbook", token).isPresent(), "another server believes its cache a while");
                otherClock.advance(ReaderSessions.RECHECK.plusSeconds(1));
                assertEquals(Optional.empty(), restarted.find("handbook", token), "another server after its recheck");
                assertEquals(1, sessions.count("other"), "other sites keep theirs");
            }
        }
    }

    private static String dump(Database db) {
        return db.transaction(c -> {
            StringBuilder out = new StringBuilder();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM reader_sessions")) {
                while (rs.next()) {
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        out.append(rs.getString(i)).append(' ');
                    }
                }
            }
            return out.toString();
        });
    }
}
