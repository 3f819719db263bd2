package dev.docsassistant.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DatabaseTest {
    @TempDir
    Path dir;

    @Test
    void migratesAndRollsBackFailedTransactions() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                int version = db.transaction(c -> {
                    try (ResultSet rs = c.createStatement().executeQuery("SELECT MAX(version) FROM schema_version")) {
                        rs.next();
                        return rs.getInt(1);
                    }
                });
                assertEquals(Migrations.SCRIPTS.size(), version, db.dialect().toString());

                assertThrows(IllegalStateException.class, () -> db.transaction(c -> {
                    insert(c, "a");
                    throw new IllegalStateException("boom");
                }));
                db.transaction(c -> insert(c, "b"));
                List<String> names = db.transaction(c -> {
                    try (ResultSet rs = c.createStatement().executeQuery("SELECT name FROM store_info ORDER BY name")) {
                        List<String> out = new java.util.ArrayList<>();
                        while (rs.next()) {
                            out.add(rs.getString(1));
                        }
                        return out;
                    }
                });
                assertEquals(List.of("b"), names, db.dialect().toString());
            }
        }
    }

    @Test
    void reopeningDoesNotReapplyMigrations() {
        Path data = dir.resolve("data");
        Database.openSqlite(data).close();
        try (Database again = Database.openSqlite(data)) {
            int rows = again.transaction(c -> {
                try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM schema_version")) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
            assertEquals(Migrations.SCRIPTS.size(), rows);
        }
    }

    private static Integer insert(java.sql.Connection c, String name) throws java.sql.SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO store_info (name, value) VALUES (?, ?)")) {
            ps.setString(1, name);
            ps.setString(2, "v");
            return ps.executeUpdate();
        }
    }
}
