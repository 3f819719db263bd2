package dev.docsassistant.rest;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeepAliveTicksTest {
    private static final Duration EVERY = Duration.ofMillis(5);
    /** Only ever waited for in full when the ticks stopped: a generous bound, not a measure. */
    private static final long WAIT_SECONDS = 30;

    /**
     * Counts the ticks of the shared timer: a second stream with the same interval, whose writes never
     * block. The timer has one thread and runs ticks in time order, so once this stream has written
     * {@code n} times, the stream under test has had about {@code n} ticks too.
     */
    private static void awaitTicks(int n) throws InterruptedException {
        CountDownLatch ticked = new CountDownLatch(n);
        ScheduledFuture<?> clock = KeepAliveTicks.every(EVERY, ticked::countDown);
        try {
            assertTrue(ticked.await(WAIT_SECONDS, TimeUnit.SECONDS), "the shared timer stopped ticking");
        } finally {
            clock.cancel(false);
        }
    }

    @Test
    void aWriteStillBlockedSkipsTheNextTicksAndCancellingStopsThem() throws Exception {
        AtomicInteger started = new AtomicInteger();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        CountDownLatch reader = new CountDownLatch(1);
        CountDownLatch firstWrite = new CountDownLatch(1);
        CountDownLatch secondWrite = new CountDownLatch(2);
        ScheduledFuture<?> ticks = KeepAliveTicks.every(EVERY, () -> {
            mostAtOnce.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            started.incrementAndGet();
            firstWrite.countDown();
            secondWrite.countDown();
            try {
                reader.await(); // a reader that takes nothing: the write blocks
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
        });
        assertTrue(firstWrite.await(WAIT_SECONDS, TimeUnit.SECONDS), "the first tick writes");
        // Many ticks pass while the first write blocks; none starts a second write beside it.
        awaitTicks(20);
        assertEquals(1, started.get(), "ticks are skipped while a write is blocked");
        reader.countDown();
        assertTrue(secondWrite.await(WAIT_SECONDS, TimeUnit.SECONDS), "the ticks go on once the reader takes the write");
        ticks.cancel(false);
        int atCancel = started.get();
        awaitTicks(40);
        assertTrue(started.get() <= atCancel + 1, "no tick after the stream ended (one already under way may still write)");
        assertEquals(1, mostAtOnce.get(), "never two writes at once");
    }
}
