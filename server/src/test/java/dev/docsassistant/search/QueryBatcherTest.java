package dev.docsassistant.search;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryBatcherTest {
    /** A "model" whose vector names its text, so a result that went to the wrong caller shows. */
    private static float[][] echo(List<String> texts) {
        float[][] out = new float[texts.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = new float[] {Integer.parseInt(texts.get(i)), texts.size()};
        }
        return out;
    }

    @Test
    void aLoneQuestionRunsAtOnceOnItsCallersThread() {
        List<Thread> ranOn = new CopyOnWriteArrayList<>();
        QueryBatcher<String> batcher = new QueryBatcher<String>(texts -> {
            ranOn.add(Thread.currentThread());
            return echo(texts);
        }, 1, 32);
        float[] v = batcher.embed("7");
        assertEquals(7f, v[0]);
        assertEquals(1f, v[1], "a batch of one");
        assertEquals(List.of(Thread.currentThread()), ranOn);
    }

    @Test
    void questionsArrivingDuringARunAreEmbeddedTogetherAndEachGetsItsOwnVector() throws Exception {
        CountDownLatch firstRunStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> batchSizes = new CopyOnWriteArrayList<>();
        AtomicInteger concurrent = new AtomicInteger();
        AtomicInteger mostConcurrent = new AtomicInteger();
        QueryBatcher<String> batcher = new QueryBatcher<String>(texts -> {
            mostConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
            try {
                batchSizes.add(texts.size());
                firstRunStarted.countDown();
                release.await(10, TimeUnit.SECONDS);
                return echo(texts);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                concurrent.decrementAndGet();
            }
        }, 1, 16);
        int callers = 41;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<float[]> first = pool.submit(() -> batcher.embed("0"));
            assertTrue(firstRunStarted.await(10, TimeUnit.SECONDS));
            List<Future<float[]>> rest = new ArrayList<>();
            for (int i = 1; i < callers; i++) {
                int n = i;
                rest.add(pool.submit(() -> batcher.embed(String.valueOf(n))));
            }
            awaitQueued(batcher, callers - 1); // all 40 queue behind the blocked first run
            release.countDown();
            assertEquals(0f, first.get(10, TimeUnit.SECONDS)[0]);
            for (int i = 1; i < callers; i++) {
                assertEquals((float) i, rest.get(i - 1).get(10, TimeUnit.SECONDS)[0], "caller " + i + " got another's vector");
            }
        }
        assertEquals(1, mostConcurrent.get(), "one slot: one run at a time");
        assertEquals(callers, batchSizes.stream().mapToInt(Integer::intValue).sum(), "every question embedded once");
        assertEquals(List.of(1, 16, 16, 8), batchSizes, "the queue runs in batches of at most 16");
    }

    @Test
    void aBatchTakesTheQueuedInputsOfAboutItsFirstsLengthAndTheRestKeepTheirOrder() throws Exception {
        CountDownLatch firstRunStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<List<String>> batches = new CopyOnWriteArrayList<>();
        // An input's length is its number here: "12" is 12 pieces long.
        QueryBatcher<String> batcher = new QueryBatcher<String>(texts -> {
            batches.add(List.copyOf(texts));
            firstRunStarted.countDown();
            await(release);
            return echo(texts);
        }, Integer::parseInt, 1, 1, 32);
        List<String> queued = List.of("10", "20", "11", "30", "9", "21", "12", "31");
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<float[]> first = pool.submit(() -> batcher.embed("50"));
            assertTrue(firstRunStarted.await(10, TimeUnit.SECONDS));
            List<Future<float[]>> rest = new ArrayList<>();
            for (int i = 0; i < queued.size(); i++) {
                String text = queued.get(i);
                rest.add(pool.submit(() -> batcher.embed(text)));
                awaitQueued(batcher, i + 1); // queued in this order
            }
            release.countDown();
            assertEquals(50f, first.get(10, TimeUnit.SECONDS)[0]);
            for (int i = 0; i < queued.size(); i++) {
                assertEquals(Float.parseFloat(queued.get(i)), rest.get(i).get(10, TimeUnit.SECONDS)[0]);
            }
        }
        // The queue's head leads each batch and takes what is within one of its length, in queue order.
        assertEquals(List.of(List.of("50"), List.of("10", "11", "9"), List.of("20", "21"), List.of("30", "31"), List.of("12")), batches);
    }

    @Test
    void twoSlotsRunTwoBatchesAtOnceNeverMore() throws Exception {
        AtomicInteger concurrent = new AtomicInteger();
        AtomicInteger mostConcurrent = new AtomicInteger();
        // The first two runs wait for each other: with one slot working, the first would wait alone.
        CountDownLatch twoRunning = new CountDownLatch(2);
        QueryBatcher<String> batcher = new QueryBatcher<String>(texts -> {
            mostConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
            try {
                twoRunning.countDown();
                twoRunning.await(10, TimeUnit.SECONDS);
                return echo(texts);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                concurrent.decrementAndGet();
            }
        }, 2, 8);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<float[]>> all = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                int n = i;
                all.add(pool.submit(() -> batcher.embed(String.valueOf(n))));
            }
            for (int i = 0; i < all.size(); i++) {
                assertEquals((float) i, all.get(i).get(10, TimeUnit.SECONDS)[0]);
            }
        }
        assertEquals(2, mostConcurrent.get());
    }

    @Test
    void aFailedRunReachesEveryCallerInItsBatchAndTheNextRunWorks() throws Exception {
        CountDownLatch firstRunStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger runs = new AtomicInteger();
        IllegalStateException broken = new IllegalStateException("the model failed");
        QueryBatcher<String> batcher = new QueryBatcher<String>(texts -> {
            int run = runs.incrementAndGet();
            if (run == 1) {
                firstRunStarted.countDown();
                await(release);
                return echo(texts);
            }
            if (run == 2) {
                throw broken;
            }
            return echo(texts);
        }, 1, 32);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<float[]> first = pool.submit(() -> batcher.embed("1"));
            assertTrue(firstRunStarted.await(10, TimeUnit.SECONDS));
            List<Future<float[]>> failing = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                failing.add(pool.submit(() -> batcher.embed("2")));
            }
            awaitQueued(batcher, 10);
            release.countDown();
            assertEquals(1f, first.get(10, TimeUnit.SECONDS)[0]);
            for (Future<float[]> f : failing) {
                java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                        () -> f.get(10, TimeUnit.SECONDS));
                assertSame(broken, e.getCause(), "each waiter gets the run's own failure");
            }
        }
        assertEquals(3f, batcher.embed("3")[0], "the slot was freed after the failure");
        assertEquals(3, runs.get());
    }

    /** Waits until {@code n} callers are queued (the clock only bounds the wait). */
    /** Waits (at most 10 s) inside a fake model run, as a slow model would hold its slot. */
    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitQueued(QueryBatcher<?> batcher, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (batcher.queued() < n) {
            assertTrue(System.nanoTime() - deadline < 0, batcher.queued() + " of " + n + " callers queued within 10 s");
            Thread.sleep(1);
        }
        assertEquals(n, batcher.queued());
    }

    @Test
    void aModelReturningTheWrongNumberOfVectorsFailsItsCallers() {
        QueryBatcher<String> batcher = new QueryBatcher<String>(texts -> new float[0][], 1, 4);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> batcher.embed("1"));
        assertTrue(e.getMessage().contains("0 vectors for 1 texts"), e.getMessage());
    }
}
