package dev.docsassistant.bench;

import dev.docsassistant.security.Quota;
import dev.docsassistant.security.RateLimits;
import dev.docsassistant.store.Redis;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.UUID;

/**
 * What counting a request against the rate limits costs, as the access check does it for every API
 * request (its client address, then its organisation): buckets in this process's memory beside
 * Bucket4j buckets in Redis shared by a fleet. Limits are set out of reach so every request is counted.
 * Run: {@code bench/run RateLimitCost [requests] [redis://host:port]} (default redis://127.0.0.1:6390,
 * the Redis bin/test-services starts).
 */
public final class RateLimitCost {
    private RateLimitCost() {
    }

    public static void main(String[] args) {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        String url = args.length > 1 ? args[1] : "redis://127.0.0.1:6390";
        RateLimits.Limit perOrganization = new RateLimits.Limit(1_000_000_000, Duration.ofHours(1));
        RateLimits.Limit perAddress = new RateLimits.Limit(1_000_000_000, Duration.ofDays(1));
        RateLimits memory = new RateLimits(perOrganization, perAddress);
        run("memory", memory, requests);
        try (Redis redis = Redis.connect(url)) {
            if (!redis.answers()) {
                throw new IllegalStateException("Redis at " + url + " does not answer (limits would fail open, uncounted)");
            }
            RateLimits shared = RateLimits.shared(perOrganization, perAddress, redis);
            run("redis " + redis.describe(), shared, requests);
        }
    }

    private static void run(String label, RateLimits limits, int requests) {
        String run = UUID.randomUUID().toString().substring(0, 8); // fresh buckets on a shared Redis
        count(limits, run, requests / 4); // warm-up
        long[] nanos = count(limits, run, requests);
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "%s: %d requests (address + organisation each), p50 %.1f µs, p99 %.1f µs, max %.0f µs%n",
                label, requests, pct(nanos, 50), pct(nanos, 99), nanos[nanos.length - 1] / 1e3);
    }

    private static long[] count(RateLimits limits, String run, int n) {
        long[] nanos = new long[n];
        for (int i = 0; i < n; i++) {
            String address = "198.18." + (i % 64) + ".0/" + run; // 64 clients, one organisation
            long start = System.nanoTime();
            Quota byAddress = limits.countAddress(address);
            Quota byOrganization = limits.countOrganization("bench-" + run);
            nanos[i] = System.nanoTime() - start;
            if (!byAddress.allowed() || !byOrganization.allowed()) {
                throw new AssertionError("a request was refused");
            }
        }
        return nanos;
    }

    private static double pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1e3;
    }
}
