package dev.docsassistant.store;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes that must not hold up a response (what an answer was, when a key was last used): run one
 * at a time, in order, on one background thread. The queue is bounded: when the store falls that far
 * behind, new writes are dropped and counted rather than piling up in memory.
 */
public final class BackgroundWrites implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(BackgroundWrites.class.getName());
    static final int CAPACITY = 10_000;

    private final Database db;
    private final AtomicLong dropped = new AtomicLong();
    private final ThreadPoolExecutor executor;

    public BackgroundWrites(Database db) {
        this.db = db;
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(CAPACITY), r -> {
            Thread t = new Thread(r, "store-background-writes");
            t.setDaemon(true);
            return t;
        });
    }

    /** Queues {@code work} to run in its own transaction; a failure is logged, never thrown to the caller. */
    public void submit(String what, Database.SqlWork<?> work) {
        try {
            executor.execute(() -> {
                try {
                    db.transaction(work);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "background write failed (" + what + ")", e);
                }
            });
        } catch (RejectedExecutionException e) {
            if (dropped.incrementAndGet() % 1000 == 1) {
                LOG.warning("store is behind: dropped " + what + " (" + dropped.get() + " background writes dropped so far)");
            }
        }
    }

    /** Waits until every write queued before this call is done (or {@code timeout} passes); false on timeout. */
    public boolean flush(Duration timeout) {
        try {
            Future<?> marker = executor.submit(() -> { });
            marker.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (RejectedExecutionException | TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Writes dropped because the queue was full. */
    public long dropped() {
        return dropped.get();
    }

    /** Finishes the queued writes (for up to 10 s), then stops the thread. */
    @Override
    public void close() {
        executor.shutdown();
        try {
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
