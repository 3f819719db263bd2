package dev.docsassistant.security;

import io.github.bucket4j.TimeMeter;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RateLimitsTest {

    @Test
    void theLimitIsReachedExactlyAtTheConfiguredNumber() {
        RateLimits limits = new RateLimits(new RateLimits.Limit(3, Duration.ofHours(1)), new RateLimits.Limit(5, Duration.ofDays(1)), new ManualTime());
        for (int i = 0; i < 3; i++) {
            Quota q = limits.countOrganization("acme");
            assertTrue(q.allowed());
            assertEquals(3, q.limit());
            assertEquals(2 - i, q.remaining());
            assertEquals(3600, q.resetSeconds());
        }
        Quota refused = limits.countOrganization("acme");
        assertFalse(refused.allowed());
        assertEquals(0, refused.remaining());
        assertEquals(3600, refused.retryAfterSeconds());
        assertTrue(limits.countOrganization("other").allowed(), "each organisation has its own bucket");
        for (int i = 0; i < 5; i++) {
            assertTrue(limits.countAddress("1.2.3.4").allowed());
        }
        Quota ip = limits.countAddress("1.2.3.4");
        assertFalse(ip.allowed());
        assertEquals(86_400, ip.retryAfterSeconds());
    }

    @Test
    void concurrentRequestsAreCountedExactly() throws Exception {
        int limit = 1000;
        int attempts = 1600;
        RateLimits limits = new RateLimits(new RateLimits.Limit(limit, Duration.ofHours(1)), new RateLimits.Limit(limit, Duration.ofDays(1)));
        AtomicInteger orgAllowed = new AtomicInteger();
        AtomicInteger ipAllowed = new AtomicInteger();
        List<Long> remaining = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < attempts / 16; i++) {
                        Quota q = limits.countOrganization("acme");
                        if (q.allowed()) {
                            orgAllowed.incrementAndGet();
                            remaining.add(q.remaining());
                        }
                        if (limits.countAddress("198.51.100.1").allowed()) {
                            ipAllowed.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(limit, orgAllowed.get());
        assertEquals(limit, ipAllowed.get());
        // Every remaining count from limit-1 down to 0 handed out exactly once: no request was counted twice or lost.
        assertEquals(limit, remaining.stream().distinct().count());
        assertEquals(0L, Collections.min(remaining));
        assertEquals(limit - 1L, Collections.max(remaining));
    }

    @Test
    void idleAddressBucketsAreDroppedWhenTooManyAreTracked() {
        ManualTime time = new ManualTime();
        RateLimits limits = new RateLimits(new RateLimits.Limit(10, Duration.ofHours(1)), new RateLimits.Limit(1, Duration.ofMinutes(1)), time);
        for (int i = 0; i <= RateLimits.MAX_TRACKED; i++) {
            limits.countAddress("10." + (i >> 16) + "." + ((i >> 8) & 255) + "." + (i & 255));
        }
        assertEquals(RateLimits.MAX_TRACKED + 1, limits.trackedAddresses(), "nothing is dropped while every bucket is in use");
        // A window later every bucket is full again: idle, so the next count sweeps them away.
        time.advance(Duration.ofMinutes(1));
        limits.countAddress("busy");
        assertEquals(1, limits.trackedAddresses(), "only the bucket just used is left");
        assertFalse(limits.countAddress("busy").allowed(), "a bucket in use is never dropped");
    }

    @Test
    void aWindowLaterTheLimitIsFullAgainAndNotBefore() {
        ManualTime time = new ManualTime();
        RateLimits limits = new RateLimits(new RateLimits.Limit(2, Duration.ofHours(1)), new RateLimits.Limit(5, Duration.ofDays(1)), time);
        limits.countOrganization("acme");
        limits.countOrganization("acme");
        time.advance(Duration.ofMinutes(59));
        Quota refused = limits.countOrganization("acme");
        assertFalse(refused.allowed());
        assertEquals(60, refused.retryAfterSeconds(), "one minute of the hour is left");
        time.advance(Duration.ofMinutes(1));
        Quota again = limits.countOrganization("acme");
        assertTrue(again.allowed());
        assertEquals(1, again.remaining());
        assertEquals(3600, again.resetSeconds());
    }

    /** The buckets' clock, moved by hand. */
    private static final class ManualTime implements TimeMeter {
        private final AtomicLong nanos = new AtomicLong();

        void advance(Duration d) {
            nanos.addAndGet(d.toNanos());
        }

        @Override
        public long currentTimeNanos() {
            return nanos.get();
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    }
}
