package dev.docsassistant.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The databases store tests run against: always SQLite; PostgreSQL too when
 * DOCS_ASSISTANT_TEST_PG_URL names a server (bin/test starts one), each test in a fresh database.
 */
public final class TestDatabases {
    public static final String PG_URL_ENV = "DOCS_ASSISTANT_TEST_PG_URL";

    private TestDatabases() {
    }

    /** Opens a fresh database of each available kind. */
    public static List<Database> fresh(Path tempDir) {
        List<Database> dbs = new ArrayList<>();
        dbs.add(Database.openSqlite(tempDir.resolve("sqlite-" + UUID.randomUUID())));
        String pg = System.getenv(PG_URL_ENV);
        if (pg != null && !pg.isBlank()) {
            dbs.add(Database.open(createPgDatabase(pg), 4));
        }
        return dbs;
    }

    /** Creates a new, empty PostgreSQL database on the server and returns its URL. */
    public static String createPgDatabase(String adminUrl) {
        String name = "docs_test_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create a test database on " + adminUrl.replaceAll("password=[^&]*", "password=***"), e);
        }
        return adminUrl.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
    }
}
