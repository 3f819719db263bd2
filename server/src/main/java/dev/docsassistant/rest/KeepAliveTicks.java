package dev.docsassistant.rest;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The keep-alive comments of open SSE streams, from one timer for all of them. A stream waiting on
 * the model would otherwise hold a thread (and its stack) of its own just to sleep between comments:
 * with thousands of open streams that is megabytes. Each comment is written on a short-lived virtual
 * thread, so a reader too slow to take it blocks only its own stream; while one is still being
 * written, the next tick of that stream is skipped.
 */
final class KeepAliveTicks {
    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private KeepAliveTicks() {
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1,
                Thread.ofPlatform().daemon().name("sse-keep-alive-timer").factory());
        timer.setRemoveOnCancelPolicy(true); // an ended stream's task goes at once, not at its next tick
        return timer;
    }

    /** Runs {@code write} every {@code interval} until the returned handle is cancelled. Never interrupts a write. */
    static ScheduledFuture<?> every(Duration interval, Runnable write) {
        AtomicBoolean writing = new AtomicBoolean();
        Runnable tick = () -> {
            if (writing.compareAndSet(false, true)) {
                Thread.ofVirtual().name("sse-keep-alive").start(() -> {
                    try {
                        write.run();
                    } finally {
                        writing.set(false);
                    }
                });
            }
        };
        long nanos = interval.toNanos();
        return TIMER.scheduleWithFixedDelay(tick, nanos, nanos, TimeUnit.NANOSECONDS);
    }
}
