package dev.docsassistant.store;


import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DatabaseTest {
    /** Every migration under src/main/resources/db/migration, in order. */
    private static final List<String> VERSIONS = TestDatabases.migrationVersions();

    @TempDir
    Path dir;

    @Test
    void migratesAndRollsBackFailedTransactions() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                assertEquals(VERSIONS, appliedVersions(db), db.dialect().toString());
                assertThrows(IllegalStateException.class, () -> db.transaction(c -> {
                    insert(c, "a");
                    throw new IllegalStateException("boom");
                }));
                db.transaction(c -> insert(c, "b"));
                assertEquals(List.of("b"), strings(db, "SELECT name FROM store_info ORDER BY name"), db.dialect().toString());
            }
        }
    }

    @Test
    void reopeningDoesNotReapplyMigrations() {
        Path data = dir.resolve("data");
        Database.openSqlite(data).close();
        try (Database again = Database.openSqlite(data)) {
            assertEquals(VERSIONS, appliedVersions(again));
        }
    }

    @Test
    void sqliteStoreOfTheHandRolledMigrationsUpgradesInPlace() throws Exception {
        Path data = dir.resolve("legacy");
        java.nio.file.Files.createDirectories(data);
        String url = "jdbc:sqlite:" + data.resolve("docs-assistant.db");
        makeHandRolledStore(url);
        try (Database db = Database.openSqlite(data)) {
            assertUpgraded(db);
        }
    }

    @Test
    void postgresStoreOfTheHandRolledMigrationsUpgradesInPlace() throws Exception {
        String url = TestDatabases.freshPgUrl();
        makeHandRolledStore(url);
        try (Database db = Database.open(url, 2)) {
            assertUpgraded(db);
        }
    }

    /** Servers of a fleet starting together on an empty database: each script runs once, nobody fails. */
    @Test
    void serversStartingTogetherOnAnEmptyPostgresDatabaseMigrateItOnce() throws Exception {
        String url = TestDatabases.freshPgUrl();
        int servers = 4;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(servers);
        try {
            List<Future<Database>> opened = new ArrayList<>();
            for (int i = 0; i < servers; i++) {
                Callable<Database> open = () -> {
                    go.await();
                    return Database.open(url, 2);
                };
                opened.add(pool.submit(open));
            }
            go.countDown();
            for (Future<Database> f : opened) {
                try (Database db = f.get()) {
                    assertEquals(VERSIONS, appliedVersions(db));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A store as the runner before Flyway left it: its bookkeeping table, its three scripts, and some data. */
    private static void makeHandRolledStore(String url) throws SQLException, IOException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL)");
            String[] scripts = {"001-schema-version.sql", "002-threads.sql", "003-api-keys.sql"};
            for (int i = 0; i < scripts.length; i++) {
                String sql;
                try (InputStream in = DatabaseTest.class.getResourceAsStream("/db/hand-rolled/" + scripts[i])) {
                    sql = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^\\s*--.*$", "");
                }
                for (String statement : sql.split(";\\s*(\\n|$)")) {
                    if (!statement.isBlank()) {
                        s.execute(statement);
                    }
                }
                s.execute("INSERT INTO schema_version (version, name) VALUES (" + (i + 1) + ", '" + scripts[i] + "')");
            }
            s.execute("INSERT INTO threads (id, domain, fp, key_hash, created_at, updated_at) VALUES ('thr_old', 'acme', 'fp', 'h', 1, 2)");
            s.execute("INSERT INTO thread_messages (thread_id, seq, role, content, sources, created_at) "
                    + "VALUES ('thr_old', 1, 'user', 'kept?', '[]', 1)");
            s.execute("INSERT INTO api_keys (id, organization, key_hash, prefix, origins, source, created_at) "
                    + "VALUES ('key_old', 'acme', 'abc', 'svc_dsc_AbCd', '', 'cli', 1)");
        }
    }

    private static void assertUpgraded(Database db) {
        // Taken over at version 3 (a baseline), then only the newer scripts applied.
        assertEquals(VERSIONS.subList(VERSIONS.indexOf("3"), VERSIONS.size()), appliedVersions(db), db.dialect().toString());
        assertEquals(List.of("kept?"), strings(db, "SELECT content FROM thread_messages WHERE thread_id = 'thr_old'"));
        assertEquals(List.of("key_old"), strings(db, "SELECT id FROM api_keys"));
        boolean left = db.transaction(c -> {
            try (ResultSet rs = c.getMetaData().getTables(null, c.getSchema(), "schema_version", null)) {
                return rs.next();
            }
        });
        assertFalse(left, "the hand-rolled bookkeeping table is dropped");
    }

    private static List<String> appliedVersions(Database db) {
        return strings(db, "SELECT version FROM " + Schema.HISTORY_TABLE + " WHERE success = " + (db.dialect() == Database.Dialect.SQLITE ? "1" : "true")
                + " ORDER BY installed_rank");
    }

    private static List<String> strings(Database db, String sql) {
        return db.transaction(c -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                List<String> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
                return out;
            }
        });
    }

    private static Integer insert(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO store_info (name, value) VALUES (?, ?)")) {
            ps.setString(1, name);
            ps.setString(2, "v");
            return ps.executeUpdate();
        }
    }
}
