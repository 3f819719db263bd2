package dev.docsassistant.insights;

import dev.docsassistant.store.Database;

import java.sql.PreparedStatement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Page reads per site, page, day and {@link Audience}, counted in memory (a map lookup and an add per
 * request, never a store write) and added to the {@code page_traffic} roll-up every
 * {@link #FLUSH_EVERY} and on close. Counts of the last minute are lost if the process dies.
 */
public final class PageTraffic implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PageTraffic.class.getName());
    public static final Duration FLUSH_EVERY = Duration.ofMinutes(1);
    /** Distinct counters held between flushes; beyond, reads are dropped (and counted) so memory stays bounded. */
    static final int MAX_KEYS = 100_000;
    private static final int MAX_PATH_CHARS = 300;

    private record Key(String domain, long day, String path, Audience audience) {
    }

    private final Database db;
    private final Clock clock;
    private final Map<Key, LongAdder> counts = new ConcurrentHashMap<>();
    private final AtomicLong dropped = new AtomicLong();
    private ScheduledExecutorService scheduler;

    public PageTraffic(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Counts one read of {@code path} (a site path: {@code /guides/retries}, {@code /llms.txt}). */
    public void count(String domain, String path, Audience audience) {
        Key key = new Key(domain, clock.millis() / InsightsLog.DAY_MILLIS,
                path.length() > MAX_PATH_CHARS ? path.substring(0, MAX_PATH_CHARS) : path, audience);
        LongAdder adder = counts.get(key);
        if (adder == null) {
            if (counts.size() >= MAX_KEYS) {
                dropped.incrementAndGet();
                return;
            }
            adder = counts.computeIfAbsent(key, k -> new LongAdder());
        }
        adder.increment();
    }

    /** Reads not counted because the counters were full. */
    public long dropped() {
        return dropped.get();
    }

    /** Flushes every {@link #FLUSH_EVERY} on a daemon thread, until {@link #close}. */
    public synchronized void start() {
        if (scheduler == null) {
            scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "page-traffic");
                t.setDaemon(true);
                return t;
            });
            long every = FLUSH_EVERY.toSeconds();
            scheduler.scheduleWithFixedDelay(this::flushQuietly, every, every, TimeUnit.SECONDS);
        }
    }

    /** Adds what was counted since the last flush to the store; returns how many reads went. */
    public synchronized long flush() {
        List<Map.Entry<Key, Long>> taken = new ArrayList<>();
        for (Map.Entry<Key, LongAdder> e : counts.entrySet()) {
            long n = e.getValue().sumThenReset();
            if (n > 0) {
                taken.add(Map.entry(e.getKey(), n));
            } else {
                counts.remove(e.getKey(), e.getValue()); // idle since the last flush: make room
            }
        }
        if (taken.isEmpty()) {
            return 0;
        }
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO page_traffic (domain, day, path, audience, hits) "
                    + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (domain, day, path, audience) DO UPDATE SET hits = page_traffic.hits + excluded.hits")) {
                for (Map.Entry<Key, Long> e : taken) {
                    ps.setString(1, e.getKey().domain());
                    ps.setLong(2, e.getKey().day());
                    ps.setString(3, e.getKey().path());
                    ps.setString(4, e.getKey().audience().stored());
                    ps.setLong(5, e.getValue());
                    ps.addBatch();
                }
                return ps.executeBatch();
            }
        });
        return taken.stream().mapToLong(Map.Entry::getValue).sum();
    }

    private void flushQuietly() {
        try {
            flush();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "page traffic flush failed; its counts are lost", e);
        }
    }

    /** Stops the timer and flushes what is left. */
    @Override
    public synchronized void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
        flushQuietly();
    }
}
