package dev.docsassistant.security;

import dev.docsassistant.store.Database;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.store.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The key store against SQLite, and PostgreSQL when bin/test provides one. */
class ApiKeysTest {
    @TempDir
    Path dir;

    @Test
    void aKeyIsStoredOnlyAsAHashAndNeverLogged() throws Exception {
        try (CapturedLogs logs = CapturedLogs.all()) {
            for (Database db : TestDatabases.fresh(dir)) {
                try (db) {
                    ApiKeys keys = new ApiKeys(db);
                    ApiKeys.Created created = keys.create("acme", Optional.empty(), List.of("https://docs.acme.dev"), "cli");
                    String secret = created.secret();
                    assertTrue(secret.matches("svc_dsc_[A-Za-z0-9_-]{43}"), secret);
                    assertTrue(KeyHasher.wellFormed(secret));
                    assertEquals(created.key(), keys.find(secret).orElseThrow());
                    keys.registerConfigured("docs", "acme", KeyHasher.newKey(), List.of());
                    String stored = dump(db);
                    assertFalse(stored.contains(secret), "the key is in the store");
                    assertFalse(stored.contains(secret.substring(KeyHasher.DISPLAY_CHARS)), "the secret part is in the store");
                    assertTrue(stored.contains(KeyHasher.hash(secret)));
                    assertTrue(stored.contains(created.key().prefix()));
                    assertFalse(logs.text().contains(secret.substring(KeyHasher.DISPLAY_CHARS)), logs.text());
                    assertTrue(logs.messages().stream().anyMatch(m -> m.contains(created.key().id())), "creation is logged by id");
                }
            }
        }
    }

    @Test
    void aPageKeyReplacesTheSitesPreviousOneWithoutPilingUp() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ApiKeys keys = new ApiKeys(db);
                ApiKeys.Created other = keys.replacePageKey("beta-docs", "beta");
                String cli = keys.create("acme", Optional.empty(), List.of(), "cli").secret();
                List<ApiKeys.Created> made = new ArrayList<>();
                for (int start = 0; start < 4; start++) {
                    made.add(keys.replacePageKey("docs", "acme"));
                }
                List<ApiKey> pageKeys = keys.list(Optional.of("acme")).stream()
                        .filter(k -> k.source().equals("page:docs")).toList();
                assertEquals(2, pageKeys.size(), "the active page key and the one it replaced, no older ones");
                Instant now = Instant.now();
                assertTrue(keys.find(made.get(3).secret()).orElseThrow().activeAt(now));
                assertTrue(keys.find(made.get(2).secret()).orElseThrow().revokedAt().isPresent());
                assertTrue(keys.find(made.get(1).secret()).isEmpty(), "older page keys are gone");
                assertEquals(List.of(), made.get(3).key().origins());
                assertTrue(keys.find(other.secret()).orElseThrow().activeAt(now), "other sites' page keys stay");
                assertTrue(keys.find(cli).orElseThrow().activeAt(now), "other keys of the organisation stay");

                assertEquals(1, keys.revokePageKeys("docs"), "a key configured for the site now");
                assertTrue(keys.find(made.get(3).secret()).orElseThrow().revokedAt().isPresent());
                assertEquals(0, keys.revokePageKeys("docs"), "the start after");
                assertTrue(keys.find(made.get(3).secret()).isEmpty());
            }
        }
    }

    @Test
    void revokedAndExpiredKeysAreFoundButInactive() {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ApiKeys keys = new ApiKeys(db, clock);
                ApiKeys.Created expiring = keys.create("acme", Optional.of(clock.instant().plus(Duration.ofDays(30))), List.of(), "cli");
                ApiKeys.Created revoked = keys.create("acme", Optional.empty(), List.of(), "cli");
                assertTrue(keys.find(revoked.secret()).orElseThrow().activeAt(clock.instant()), "cached before revocation");
                assertEquals("revoked", keys.revoke(revoked.key().id()).orElseThrow().status(clock.instant()));
                assertEquals("revoked", keys.find(revoked.secret()).orElseThrow().status(clock.instant()), "revocation clears the cache");
                Instant first = keys.get(revoked.key().id()).orElseThrow().revokedAt().orElseThrow();
                clock.now = clock.now.plusSeconds(5);
                assertEquals(first, keys.revoke(revoked.key().id()).orElseThrow().revokedAt().orElseThrow(), "revoking twice keeps the first time");
                assertTrue(keys.revoke("key_nope").isEmpty());
                assertEquals("active", keys.find(expiring.secret()).orElseThrow().status(clock.instant()));
                clock.now = clock.now.plus(Duration.ofDays(31));
                assertEquals("expired", keys.find(expiring.secret()).orElseThrow().status(clock.instant()));
                assertEquals(2, keys.list(Optional.of("acme")).size());
                assertEquals(0, keys.list(Optional.of("other")).size());
                assertTrue(keys.find("svc_dsc_" + "x".repeat(43)).isEmpty());
                assertTrue(keys.find("not a key").isEmpty());
            }
        }
    }

    @Test
    void aConfiguredKeyIsRegisteredOnceAndRetiredWhenReplaced() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ApiKeys keys = new ApiKeys(db);
                String first = KeyHasher.newKey();
                ApiKey a = keys.registerConfigured("docs", "acme", first, List.of("https://docs.acme.dev"));
                assertEquals(a.id(), keys.registerConfigured("docs", "acme", first, List.of()).id(), "a restart keeps the same key");
                assertEquals(List.of(), keys.find(first).orElseThrow().origins(), "origins follow the configuration");
                String second = KeyHasher.newKey();
                ApiKey b = keys.registerConfigured("docs", "acme", second, List.of());
                assertNotEquals(a.id(), b.id());
                assertEquals("revoked", keys.find(first).orElseThrow().status(Instant.now()), "the replaced key is retired");
                keys.revoke(b.id());
                keys.registerConfigured("docs", "acme", second, List.of());
                assertEquals("revoked", keys.find(second).orElseThrow().status(Instant.now()), "a revoked configured key stays revoked");
                assertThrows(IllegalArgumentException.class, () -> keys.registerConfigured("other-site", "other", second, List.of()),
                        "one key cannot serve two organisations");
                assertThrows(IllegalArgumentException.class, () -> keys.registerConfigured("docs", "acme", "svc_dsc_short", List.of()));
            }
        }
    }

    /** Every value of every table, as text. */
    private static String dump(Database db) {
        return db.transaction(c -> {
            StringBuilder out = new StringBuilder();
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = c.getMetaData().getTables(null, null, "%", new String[]{"TABLE"})) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
            }
            assertTrue(tables.contains("api_keys"), tables.toString());
            for (String table : tables) {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM " + table)) {
                    ResultSetMetaData md = rs.getMetaData();
                    while (rs.next()) {
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            out.append(rs.getString(i)).append('\t');
                        }
                        out.append('\n');
                    }
                }
            }
            return out.toString();
        });
    }

    static final class MutableClock extends Clock {
        volatile Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
