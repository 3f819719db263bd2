package dev.docsassistant.store;

import dev.docsassistant.testing.MachineDependencies;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The databases store tests run against: always SQLite; PostgreSQL too when
 * DOCS_ASSISTANT_TEST_PG_URL names a server (bin/test starts one; under CI=true it must), each test
 * in a fresh database, dropped when the test JVM exits.
 */
public final class TestDatabases {
    public static final String PG_URL_ENV = "DOCS_ASSISTANT_TEST_PG_URL";
    /** The databases this JVM created, by admin URL; others' (a parallel run's) are never touched. */
    private static final Map<String, String> CREATED = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(TestDatabases::dropCreated, "drop-test-databases"));
    }

    private TestDatabases() {
    }

    /**
     * Every migration version the build ships, in order (read from the scripts themselves, so a new
     * migration needs no test edited to count as applied).
     */
    public static List<String> migrationVersions() {
        try (var files = Files.list(Path.of("src/main/resources/db/migration"))) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.matches("V\\d+__.*\\.sql"))
                    .map(n -> n.substring(1, n.indexOf("__")))
                    .sorted(Comparator.comparingInt(Integer::parseInt))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Opens a fresh database of each available kind. */
    public static List<Database> fresh(Path tempDir) {
        List<Database> dbs = new ArrayList<>();
        dbs.add(Database.openSqlite(tempDir.resolve("sqlite-" + UUID.randomUUID())));
        String pg = System.getenv(PG_URL_ENV);
        if (pg != null && !pg.isBlank()) {
            dbs.add(Database.open(createPgDatabase(pg), 4));
        } else {
            MachineDependencies.failInCi("PostgreSQL (" + PG_URL_ENV + ")");
        }
        return dbs;
    }

    /**
     * A new, empty database on the test PostgreSQL server, for tests that need PostgreSQL itself:
     * without {@value #PG_URL_ENV} the test skips, and under {@code CI=true} it fails.
     */
    public static String freshPgUrl() {
        String admin = System.getenv(PG_URL_ENV);
        MachineDependencies.require(admin != null && !admin.isBlank(), "PostgreSQL (" + PG_URL_ENV + ")");
        return createPgDatabase(admin);
    }

    /** Creates a new, empty PostgreSQL database on the server and returns its URL. */
    public static String createPgDatabase(String adminUrl) {
        String name = "docs_test_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
            CREATED.put(name, adminUrl);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create a test database on " + adminUrl.replaceAll("password=[^&]*", "password=***"), e);
        }
        return adminUrl.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
    }

    /** FORCE ends connections a test left open, so every database goes. */
    private static void dropCreated() {
        CREATED.forEach((name, adminUrl) -> {
            try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            } catch (SQLException e) {
                System.err.println("could not drop test database " + name + ": " + e.getMessage());
            }
        });
    }
}
