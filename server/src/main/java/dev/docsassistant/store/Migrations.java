package dev.docsassistant.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Schema migrations, applied in order once each and recorded in {@code schema_version}.
 * Each is a classpath script {@code /db/NNN-name.sql}; add new ones at the end, never edit old ones.
 * Scripts use SQL that SQLite and PostgreSQL both accept.
 */
final class Migrations {
    /** In order. */
    static final List<String> SCRIPTS = List.of(
            "001-schema-version.sql",
            "002-threads.sql",
            "003-api-keys.sql",
            "004-insights-and-dashboard.sql"
    );

    private Migrations() {
    }

    static void apply(Connection c, Database.Dialect dialect) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL)");
        }
        int current = 0;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(version), 0) FROM schema_version")) {
            if (rs.next()) {
                current = rs.getInt(1);
            }
        }
        for (int i = current; i < SCRIPTS.size(); i++) {
            String name = SCRIPTS.get(i);
            try (Statement s = c.createStatement()) {
                for (String sql : load(name).split(";\\s*(\\n|$)")) {
                    if (!sql.isBlank()) {
                        s.execute(sql);
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO schema_version (version, name) VALUES (?, ?)")) {
                ps.setInt(1, i + 1);
                ps.setString(2, name);
                ps.executeUpdate();
            }
        }
    }

    private static String load(String name) {
        try (InputStream in = Migrations.class.getResourceAsStream("/db/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing migration script /db/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replaceAll("(?m)^\\s*--.*$", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
