package dev.docsassistant.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * The threads a test starts beside its own (a poller, concurrent clients): whatever one of them
 * throws, an assertion included, is kept and fails the test at {@link #stopAndJoin}, rather than
 * ending that thread unseen while {@code join()} returns normally. Closing it (try-with-resources)
 * stops and joins them too, so a failing test leaves no thread running.
 */
public final class HelperThreads implements AutoCloseable {
    /** A helper's work; it may throw anything. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    private final List<Thread> threads = new ArrayList<>();
    private final Queue<AssertionError> failures = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private boolean joined;

    /** Runs {@code body} once on a new platform thread. */
    public synchronized void start(String name, Body body) {
        threads.add(Thread.ofPlatform().name(name).start(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failures.add(new AssertionError("helper thread " + name + " failed: " + e, e));
            }
        }));
    }

    /** Runs {@code body} again and again on a new thread until {@link #stopAndJoin}, or until it throws. */
    public void repeat(String name, Body body) {
        start(name, () -> {
            while (running.get()) {
                body.run();
            }
        });
    }

    /** Whether a helper has thrown so far: a test waiting on the helpers' work can stop waiting. */
    public boolean failed() {
        return !failures.isEmpty();
    }

    /**
     * Waits until {@code condition} holds (the clock only bounds the wait): fails at once with a
     * helper's throwable when one has thrown, and after {@code timeout} otherwise.
     */
    public void await(BooleanSupplier condition, Duration timeout, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (failed()) {
                stopAndJoin(timeout);
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(what + ": not within " + timeout);
            }
            Thread.sleep(10);
        }
    }

    /**
     * Ends the repeating helpers, waits for every helper (each at most {@code timeout}), and fails
     * with the first throwable any of them threw (the others suppressed), or with one that is still
     * running after the timeout.
     */
    public synchronized void stopAndJoin(Duration timeout) throws InterruptedException {
        running.set(false);
        joined = true;
        for (Thread t : threads) {
            if (!t.join(timeout)) {
                failures.add(new AssertionError("helper thread " + t.getName() + " still runs after " + timeout));
                t.interrupt();
            }
        }
        AssertionError first = failures.poll();
        if (first == null) {
            return;
        }
        failures.forEach(first::addSuppressed);
        failures.clear();
        throw first;
    }

    /** Stops and joins the helpers if the test did not (it failed before): a helper's throwable is reported too. */
    @Override
    public synchronized void close() throws InterruptedException {
        if (!joined) {
            stopAndJoin(Duration.ofSeconds(30));
        }
    }
}
