package dev.docsassistant.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes that must not hold up a response (every search, what an answer was, when a key was last
 * used): run in order on one background thread, <em>in batches</em>. The thread takes the first
 * write, lets more gather for up to {@link #GATHER}, then runs all of them in one transaction: a
 * search costs one {@code INSERT}, not a transaction of its own (a pooled connection, a commit and a
 * thread wake-up each, which cost the server more CPU than the rest of a keyword search's logging).
 * Should the batch's transaction fail, each write runs again alone, so only the failing one is lost
 * (and logged), as when each had its own. {@link #flush} and {@link #close} write what is queued at
 * once, without waiting out the gathering. The queue is bounded: when the store falls that far behind,
 * new writes are dropped and counted rather than piling up in memory.
 */
public final class BackgroundWrites implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(BackgroundWrites.class.getName());
    static final int CAPACITY = 10_000;
    /** How long the first write of a batch waits for others (what a search's record may lag behind it). */
    static final Duration GATHER = Duration.ofMillis(50);
    /** At most this many writes share one transaction. */
    static final int MAX_BATCH = 500;

    private final Database db;
    private final Duration gather;
    private final AtomicLong dropped = new AtomicLong();
    private final BlockingQueue<Write> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final Thread worker;
    /**
     * Flushes whose marker is queued and not yet written: while there is one (or once closed) the worker
     * gathers no more. A count, not a flag the worker clears: a flag set by one flush could be cleared for
     * the batch before its marker, and that flush would then wait out a whole gathering.
     */
    private final AtomicInteger flushes = new AtomicInteger();
    private volatile boolean closed;

    /** One queued write, or a marker that counts down once every write before it is done. */
    private record Write(String what, Database.SqlWork<?> work, CountDownLatch done) {
    }

    public BackgroundWrites(Database db) {
        this(db, GATHER);
    }

    /** @param gather how long a batch's first write waits for others (zero: each write as soon as the thread is free) */
    BackgroundWrites(Database db, Duration gather) {
        this.db = db;
        this.gather = gather;
        this.worker = new Thread(this::run, "store-background-writes");
        worker.setDaemon(true);
        worker.start();
    }

    /** Queues {@code work} to run in a transaction; a failure is logged, never thrown to the caller. */
    public void submit(String what, Database.SqlWork<?> work) {
        if (closed || !queue.offer(new Write(what, work, null))) {
            if (dropped.incrementAndGet() % 1000 == 1) {
                LOG.warning("store is behind: dropped " + what + " (" + dropped.get() + " background writes dropped so far)");
            }
        }
    }

    /** Waits until every write queued before this call is done (or {@code timeout} passes); false on timeout. */
    public boolean flush(Duration timeout) {
        CountDownLatch done = new CountDownLatch(1);
        flushes.incrementAndGet();
        try {
            if (closed || !queue.offer(new Write("flush", null, done), timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                flushes.decrementAndGet();
                return false;
            }
            LockSupport.unpark(worker);
            return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Writes dropped because the queue was full (or came after {@link #close}). */
    public long dropped() {
        return dropped.get();
    }

    /** Writes what is queued (waiting up to 10 s for it), then stops the thread; later writes are dropped. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        // Wakes the thread where it waits (for a first write, or for more): it then writes what is left and ends.
        queue.offer(new Write("close", null, null));
        LockSupport.unpark(worker);
        try {
            worker.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        List<Write> batch = new ArrayList<>();
        while (true) {
            Write first;
            try {
                // Once closed: what is left, then the thread ends.
                first = closed ? queue.poll() : queue.take();
            } catch (InterruptedException e) {
                continue; // nothing interrupts it; close() wakes it with a write of nothing
            }
            if (first == null) {
                return;
            }
            batch.add(first);
            if (!closed) {
                gatherMore();
            }
            queue.drainTo(batch, MAX_BATCH - 1);
            write(batch);
            batch.clear();
        }
    }

    /** Waits for up to {@link #gather} unless a flush or close asks for the writes now or the batch is full. */
    private void gatherMore() {
        long until = System.nanoTime() + gather.toNanos();
        while (queue.size() < MAX_BATCH - 1) {
            long left = until - System.nanoTime();
            // Read last before parking: a flush or close counts itself, then unparks this thread, and the
            // queue's own lock (size() above) may park it in between and use that wake-up up.
            if (left <= 0 || flushes.get() > 0 || closed) {
                return;
            }
            LockSupport.parkNanos(this, left);
        }
    }

    private void write(List<Write> batch) {
        List<Database.SqlWork<?>> works = new ArrayList<>(batch.size());
        batch.stream().filter(w -> w.work() != null).forEach(w -> works.add(w.work()));
        if (works.size() == 1) {
            writeAlone(batch.stream().filter(w -> w.work() != null).findFirst().orElseThrow());
        } else if (!works.isEmpty()) {
            try {
                db.transaction(c -> {
                    for (Database.SqlWork<?> work : works) {
                        work.run(c);
                    }
                    return null;
                });
            } catch (RuntimeException e) {
                // One of them failed and took the others' transaction with it: each again on its own.
                batch.stream().filter(w -> w.work() != null).forEach(this::writeAlone);
            }
        }
        batch.stream().filter(w -> w.done() != null).forEach(w -> {
            flushes.decrementAndGet();
            w.done().countDown();
        });
    }

    private void writeAlone(Write write) {
        try {
            db.transaction(write.work());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "background write failed (" + write.what() + ")", e);
        }
    }
}
