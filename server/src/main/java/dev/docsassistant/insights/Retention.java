package dev.docsassistant.insights;

import dev.docsassistant.store.Database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Deletes conversations older than {@code docs-assistant.retention.conversations} (default 90 days):
 * threads and their messages not continued since, recorded answers, their feedback, the per-day
 * roll-ups, conversation summaries, searches (with their clicks), page feedback and page traffic,
 * searches that found nothing, grouped gaps (groups left empty too) and the work state of feedback
 * that went. Runs at start and then every hour.
 */
public final class Retention implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Retention.class.getName());
    public static final Duration DEFAULT = Duration.ofDays(90);
    static final Duration EVERY = Duration.ofHours(1);
    private static final long DAY_MILLIS = Duration.ofDays(1).toMillis();

    private final Database db;
    private final Duration keep;
    private final Clock clock;
    private ScheduledExecutorService scheduler;

    public Retention(Database db, Duration keep, Clock clock) {
        if (keep.isNegative() || keep.isZero()) {
            throw new IllegalArgumentException("retention.conversations must be longer than zero");
        }
        this.db = db;
        this.keep = keep;
        this.clock = clock;
    }

    public Duration keep() {
        return keep;
    }

    /** Runs the job now and every hour on a daemon thread, until {@link #close}. */
    public synchronized void start() {
        if (scheduler == null) {
            scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "retention");
                t.setDaemon(true);
                return t;
            });
            scheduler.scheduleWithFixedDelay(this::runQuietly, 0, EVERY.toMinutes(), TimeUnit.MINUTES);
        }
    }

    /** Deletes what is older than the retention; returns how many rows went. */
    public int runOnce() {
        long cutoff = clock.millis() - keep.toMillis();
        long now = clock.millis();
        int deleted = db.transaction(c -> delete(c, "DELETE FROM answer_feedback WHERE created_at < ?", cutoff)
                + delete(c, "DELETE FROM answers WHERE created_at < ?", cutoff)
                + delete(c, "DELETE FROM page_citations WHERE day < ?", cutoff / DAY_MILLIS)
                + delete(c, "DELETE FROM question_days WHERE day < ?", cutoff / DAY_MILLIS)
                + delete(c, "DELETE FROM unanswered_days WHERE day < ?", cutoff / DAY_MILLIS)
                + delete(c, "DELETE FROM conversation_threads WHERE last_at < ?", cutoff)
                + delete(c, "DELETE FROM search_misses WHERE created_at < ?", cutoff)
                + delete(c, "DELETE FROM search_clicks WHERE search_id IN (SELECT search_id FROM searches WHERE created_at < ?)", cutoff)
                + delete(c, "DELETE FROM searches WHERE created_at < ?", cutoff)
                + delete(c, "DELETE FROM page_feedback WHERE created_at < ?", cutoff)
                + delete(c, "DELETE FROM page_traffic WHERE day < ?", cutoff / DAY_MILLIS)
                + GapGrouping.expire(c, cutoff) + InsightsWork.expire(c)
                + delete(c, "DELETE FROM thread_messages WHERE thread_id IN (SELECT id FROM threads WHERE updated_at < ?)", cutoff)
                + delete(c, "DELETE FROM threads WHERE updated_at < ?", cutoff)
                + delete(c, "DELETE FROM dashboard_sessions WHERE expires_at < ?", now)
                + delete(c, "DELETE FROM dashboard_links WHERE expires_at < ?", now));
        if (deleted > 0) {
            LOG.info("retention: deleted " + deleted + " rows older than " + keep.toDays() + " days");
        }
        return deleted;
    }

    private void runQuietly() {
        try {
            runOnce();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "retention run failed; retrying in " + EVERY.toMinutes() + " minutes", e);
        }
    }

    private static int delete(Connection c, String sql, long before) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, before);
            return ps.executeUpdate();
        }
    }

    @Override
    public synchronized void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }
}
