package dev.docsassistant.store;

import dev.docsassistant.config.AppConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The embedded store: SQLite in the data directory by default, or any JDBC URL (PostgreSQL for
 * clusters). Connections come from a small fixed pool; schema migrations run on open.
 */
public final class Database implements AutoCloseable {
    private final String url;
    private final Dialect dialect;
    private final BlockingQueue<Connection> pool;

    private Database(String url, int poolSize) throws SQLException {
        this.url = url;
        this.dialect = url.startsWith("jdbc:postgresql:") ? Dialect.POSTGRESQL : Dialect.SQLITE;
        this.pool = new ArrayBlockingQueue<>(poolSize);
        for (int i = 0; i < poolSize; i++) {
            pool.add(connect());
        }
    }

    /**
     * Opens the store the configuration names: {@code docs-assistant.store.url} (a JDBC URL, e.g.
     * PostgreSQL for a cluster of servers sharing threads and keys), else SQLite in the data directory.
     */
    public static Database open(AppConfig config) {
        return config.section().get("store.url").asString().asOptional()
                .map(url -> open(url, config.section().get("store.pool-size").asInt().orElse(8)))
                .orElseGet(() -> openSqlite(config.dataDir()));
    }

    /** Opens (creating if needed) the SQLite database file in {@code dataDir} and migrates it. */
    public static Database openSqlite(Path dataDir) {
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create data directory " + dataDir, e);
        }
        return open("jdbc:sqlite:" + dataDir.resolve("docs-assistant.db"), 4);
    }

    /** Opens a database by JDBC URL and migrates it. */
    public static Database open(String url, int poolSize) {
        try {
            Database db = new Database(url, poolSize);
            db.transaction(c -> {
                Migrations.apply(c, db.dialect);
                return null;
            });
            return db;
        } catch (SQLException e) {
            throw new StoreException("cannot open database " + redact(url), e);
        }
    }

    public Dialect dialect() {
        return dialect;
    }

    /** Runs {@code work} in one transaction on a pooled connection; commits unless it throws. */
    public <T> T transaction(SqlWork<T> work) {
        Connection c = borrow();
        try {
            begin(c);
            T result = work.run(c);
            commit(c);
            return result;
        } catch (SQLException e) {
            rollback(c);
            throw new StoreException("database error: " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            rollback(c); // a pooled connection must never go back with its transaction open
            throw e;
        } finally {
            giveBack(c);
        }
    }

    private Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(url);
        if (dialect == Dialect.SQLITE) {
            try (Statement s = c.createStatement()) {
                // WAL lets readers proceed during a write; busy_timeout makes writers queue instead of failing.
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA busy_timeout=10000");
                s.execute("PRAGMA foreign_keys=ON");
                s.execute("PRAGMA synchronous=NORMAL");
            }
        }
        return c;
    }

    private Connection borrow() {
        try {
            Connection c = pool.take();
            if (c.isClosed() || !c.isValid(2)) {
                c = connect();
            }
            return c;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a database connection", e);
        } catch (SQLException e) {
            throw new StoreException("cannot reconnect to the database", e);
        }
    }

    private void giveBack(Connection c) {
        pool.offer(c);
    }

    /**
     * SQLite transactions begin IMMEDIATE: they take the write lock up front, so concurrent
     * read-then-write transactions queue on busy_timeout instead of failing with SQLITE_BUSY when a
     * read lock cannot be upgraded. (The driver's own transaction mode would hold the lock on idle
     * pooled connections, so it is done by hand with autocommit on.)
     */
    private void begin(Connection c) throws SQLException {
        if (dialect == Dialect.SQLITE) {
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                s.execute("BEGIN IMMEDIATE");
            }
        } else {
            c.setAutoCommit(false);
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
            // The original failure is what matters.
        }
    }

    private static String redact(String url) {
        return url.replaceAll("password=[^&]*", "password=***");
    }

    @Override
    public void close() {
        Connection c;
        while ((c = pool.poll()) != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // Closing on shutdown; nothing to do.
            }
        }
    }

    /** Work done with a connection inside a transaction. */
    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }

    /** The SQL dialects the migrations are written for. */
    public enum Dialect { SQLITE, POSTGRESQL }
}
