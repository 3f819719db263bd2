package dev.docsassistant.store;

import dev.docsassistant.metrics.AppMetrics;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * PostgreSQL {@code LISTEN} on one channel, on a connection of its own (outside the pool, which
 * would hand it to other work). A daemon thread waits for notifications and calls back on each; when
 * the connection is lost it reconnects, calling back once more because changes may have been missed.
 */
final class PgListener implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PgListener.class.getName());
    private static final int WAIT_MILLIS = 500;

    private final String url;
    private final String channel;
    private final Runnable onChange;
    private final Thread thread;
    private volatile boolean closed;

    private PgListener(String url, String channel, Runnable onChange) {
        this.url = url;
        this.channel = channel;
        this.onChange = onChange;
        this.thread = Thread.ofPlatform().daemon().name("store-listen-" + channel).unstarted(this::run);
    }

    static PgListener start(String url, String channel, Runnable onChange) {
        if (!channel.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("channel must be a plain identifier: " + channel);
        }
        PgListener listener = new PgListener(url, channel, onChange);
        listener.thread.start();
        return listener;
    }

    private void run() {
        boolean missed = false;
        long backoff = 100;
        while (!closed) {
            try (Connection c = DriverManager.getConnection(url)) {
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + channel);
                }
                if (missed) {
                    LOG.info("listening on " + channel + " again");
                    onChange.run();
                }
                backoff = 100;
                PGConnection pg = c.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] received = pg.getNotifications(WAIT_MILLIS);
                    if (received != null && received.length > 0) {
                        onChange.run();
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (closed) {
                    return;
                }
                AppMetrics.storeError();
                if (!missed) {
                    LOG.log(Level.WARNING, "lost the " + channel + " notifications; reconnecting: " + e.getMessage());
                }
                missed = true;
                sleep(backoff);
                backoff = Math.min(backoff * 2, 5_000);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
