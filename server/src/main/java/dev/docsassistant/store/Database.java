package dev.docsassistant.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.metrics.AppMetrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The store: SQLite in the data directory by default, or any JDBC URL (PostgreSQL for a fleet of
 * servers). Connections come from a HikariCP pool; schema migrations (Flyway) run on open.
 */
public final class Database implements AutoCloseable {
    /** How long opening waits for the first connection. */
    static final Duration STARTUP_WAIT = Duration.ofSeconds(30);

    private final String url;
    private final Dialect dialect;
    private final HikariDataSource pool;

    /** Pool settings ({@code docs-assistant.store.*}). */
    public record PoolSettings(int size, Duration connectionTimeout, Duration idleTimeout, Duration maxLifetime) {
        static final PoolSettings SQLITE = new PoolSettings(4, Duration.ofSeconds(30), Duration.ofMinutes(10), Duration.ofMinutes(30));

        public static PoolSettings ofSize(int size) {
            return new PoolSettings(size, Duration.ofSeconds(5), Duration.ofMinutes(10), Duration.ofMinutes(30));
        }
    }

    private Database(String url, PoolSettings settings) {
        this.url = url;
        this.dialect = url.startsWith("jdbc:postgresql:") ? Dialect.POSTGRESQL : Dialect.SQLITE;
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName("store");
        hikari.setJdbcUrl(url);
        hikari.setMaximumPoolSize(settings.size());
        hikari.setMinimumIdle(Math.min(2, settings.size()));
        hikari.setConnectionTimeout(settings.connectionTimeout().toMillis());
        hikari.setIdleTimeout(settings.idleTimeout().toMillis());
        hikari.setMaxLifetime(settings.maxLifetime().toMillis());
        // At start-up, wait a while for a database that is still coming up (servers and database started together).
        hikari.setInitializationFailTimeout(STARTUP_WAIT.toMillis());
        if (dialect == Dialect.SQLITE) {
            // WAL lets readers proceed during a write; busy_timeout makes writers queue instead of failing.
            hikari.addDataSourceProperty("journal_mode", "WAL");
            hikari.addDataSourceProperty("busy_timeout", "10000");
            hikari.addDataSourceProperty("foreign_keys", "true");
            hikari.addDataSourceProperty("synchronous", "NORMAL");
            hikari.setAutoCommit(true); // transactions are begun by hand, see begin()
        } else {
            hikari.setAutoCommit(false);
        }
        this.pool = new HikariDataSource(hikari);
    }

    /**
     * Opens the store the configuration names: {@code docs-assistant.store.url} (a JDBC URL, e.g.
     * PostgreSQL for a fleet of servers sharing threads and keys), else SQLite in the data directory.
     */
    public static Database open(AppConfig config) {
        return open(StoreSettings.from(config.section().get("store")), config.dataDir());
    }

    /** Opens {@code settings.url()}, else SQLite in {@code dataDir}. */
    public static Database open(StoreSettings settings, Path dataDir) {
        return settings.url().map(url -> open(url, settings.pool())).orElseGet(() -> openSqlite(dataDir));
    }

    /** Opens (creating if needed) the SQLite database file in {@code dataDir} and migrates it. */
    public static Database openSqlite(Path dataDir) {
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create data directory " + dataDir, e);
        }
        return open("jdbc:sqlite:" + dataDir.resolve("docs-assistant.db"), PoolSettings.SQLITE);
    }

    /** Opens a database by JDBC URL with a pool of {@code poolSize} and migrates it. */
    public static Database open(String url, int poolSize) {
        return open(url, PoolSettings.ofSize(poolSize));
    }

    static Database open(String url, PoolSettings settings) {
        Database db;
        try {
            db = new Database(url, settings);
        } catch (RuntimeException e) {
            AppMetrics.storeError();
            throw new StoreException("cannot connect to database " + redact(url) + " within " + STARTUP_WAIT.toSeconds()
                    + " s: " + e.getMessage(), e);
        }
        try {
            Schema.migrate(db.pool);
            return db;
        } catch (SQLException | RuntimeException e) {
            db.close();
            AppMetrics.storeError();
            throw new StoreException("cannot open database " + redact(url) + ": " + e.getMessage(), e);
        }
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The JDBC URL, without its password, for messages. */
    public String describe() {
        return redact(url);
    }

    /** Runs {@code work} in one transaction on a pooled connection; commits unless it throws. */
    public <T> T transaction(SqlWork<T> work) {
        try (Connection c = pool.getConnection()) {
            try {
                begin(c);
                T result = work.run(c);
                commit(c);
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                rollback(c); // a pooled connection must never go back with its transaction open
                throw e;
            }
        } catch (SQLException e) {
            AppMetrics.storeError();
            throw new StoreException("database error: " + e.getMessage(), e);
        }
    }

    /** Whether the store answers a trivial query within {@code timeout} (readiness). */
    public boolean answers(Duration timeout) {
        try (Connection c = pool.getConnection()) {
            return c.isValid((int) Math.max(1, timeout.toSeconds()));
        } catch (SQLException e) {
            AppMetrics.storeError();
            return false;
        }
    }

    /**
     * Tells every server listening on {@code channel} (see {@link #listen}) that something changed,
     * when the transaction of {@code c} commits. A no-op on SQLite, which one server uses alone.
     */
    public void notifyOnCommit(Connection c, String channel) throws SQLException {
        if (dialect == Dialect.POSTGRESQL) {
            try (PreparedStatement ps = c.prepareStatement("SELECT pg_notify(?, '')")) {
                ps.setString(1, channel);
                ps.execute();
            }
        }
    }

    /**
     * Runs {@code onChange} whenever a server notifies {@code channel}, and also after the listening
     * connection was lost and restored (changes may have been missed). PostgreSQL only: on SQLite
     * nothing is started.
     */
    public AutoCloseable listen(String channel, Runnable onChange) {
        if (dialect != Dialect.POSTGRESQL) {
            return () -> { };
        }
        return PgListener.start(url, channel, onChange);
    }

    /**
     * SQLite transactions begin IMMEDIATE: they take the write lock up front, so concurrent
     * read-then-write transactions queue on busy_timeout instead of failing with SQLITE_BUSY when a
     * read lock cannot be upgraded. (The driver's own transaction mode would hold the lock on idle
     * pooled connections, so it is done by hand with autocommit on.)
     */
    private void begin(Connection c) throws SQLException {
        if (dialect == Dialect.SQLITE) {
            try (Statement s = c.createStatement()) {
                s.execute("BEGIN IMMEDIATE");
            }
        }
    }

    private void commit(Connection c) throws SQLException {
        if (dialect == Dialect.SQLITE) {
            try (Statement s = c.createStatement()) {
                s.execute("COMMIT");
            }
        } else {
            c.commit();
        }
    }

    private void rollback(Connection c) {
        try {
            if (dialect == Dialect.SQLITE) {
                try (Statement s = c.createStatement()) {
                    s.execute("ROLLBACK");
                }
            } else {
                c.rollback();
            }
        } catch (SQLException ignored) {
            // The original failure is what matters (ROLLBACK fails when BEGIN did).
        }
    }

    private static String redact(String url) {
        return url.replaceAll("password=[^&]*", "password=***");
    }

    @Override
    public void close() {
        pool.close();
    }

    /** Work done with a connection inside a transaction. */
    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }

    /** The SQL dialects the migrations are written for. */
    public enum Dialect { SQLITE, POSTGRESQL }
}
