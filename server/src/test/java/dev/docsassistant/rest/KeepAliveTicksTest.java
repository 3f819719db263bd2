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
    @Test
    void aWriteStillBlockedSkipsTheNextTicksAndCancellingStopsThem() throws Exception {
        AtomicInteger started = new AtomicInteger();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        CountDownLatch reader = new CountDownLatch(1);
        CountDownLatch secondWrite = new CountDownLatch(2);
        ScheduledFuture<?> ticks = KeepAliveTicks.every(Duration.ofMillis(5), () -> {
            mostAtOnce.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            started.incrementAndGet();
            secondWrite.countDown();
            try {
                reader.await(); // a reader that takes nothing: the write blocks
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
        });
        // Many ticks pass while the first write blocks; none starts a second write beside it.
        assertTrue(waitUntil(() -> started.get() == 1));
        Thread.sleep(100);
        assertEquals(1, started.get(), "ticks are skipped while a write is blocked");
        reader.countDown();
        assertTrue(secondWrite.await(5, TimeUnit.SECONDS), "the ticks go on once the reader takes the write");
        ticks.cancel(false);
        int atCancel = started.get();
        Thread.sleep(200); // 40 ticks' worth
        assertTrue(started.get() <= atCancel + 1, "no tick after the stream ended (one already under way may still write)");
        assertEquals(1, mostAtOnce.get(), "never two writes at once");
    }

    private static boolean waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }
}
