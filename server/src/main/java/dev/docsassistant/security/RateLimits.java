package dev.docsassistant.security;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.local.LocalBucket;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Request counters per organisation (per hour by default) and per client address (per day), as
 * Bucket4j token buckets refilled whole at the end of each window. They live in this process's memory:
 * each server of a cluster counts on its own and a restart starts afresh.
 */
public final class RateLimits {
    /** Above this many tracked addresses, those with a full bucket (unused for a window) are dropped. */
    static final int MAX_TRACKED = 100_000;

    private final Limit perOrganization;
    private final Limit perAddress;
    private final TimeMeter time;
    private final Map<String, LocalBucket> organizations = new ConcurrentHashMap<>();
    private final Map<String, LocalBucket> addresses = new ConcurrentHashMap<>();
    /** Size at which the next sweep runs; doubles when a sweep frees little, so sweeps stay rare. */
    private volatile int sweepAt = MAX_TRACKED;

    /** {@code requests} per {@code window}. */
    public record Limit(long requests, Duration window) {
        public Limit {
            if (requests < 1) {
                throw new IllegalArgumentException("a rate limit must allow at least one request, got " + requests);
            }
        }
    }

    public RateLimits(Limit perOrganization, Limit perAddress) {
        this(perOrganization, perAddress, TimeMeter.SYSTEM_NANOTIME);
    }

    /** With the buckets' clock given, so that tests can move time on instead of sleeping. */
    RateLimits(Limit perOrganization, Limit perAddress, TimeMeter time) {
        this.perOrganization = perOrganization;
        this.perAddress = perAddress;
        this.time = time;
    }

    /** Counts one request of the organisation. */
    public Quota countOrganization(String organization) {
        return take(organizations, organization, perOrganization, time);
    }

    /** Counts one request from a client address ({@link ClientAddress#bucketKey()}). */
    public Quota countAddress(String addressKey) {
        if (addresses.size() > sweepAt) {
            dropIdle();
        }
        return take(addresses, addressKey, perAddress, time);
    }

    private static Quota take(Map<String, LocalBucket> buckets, String key, Limit limit, TimeMeter time) {
        Bucket bucket = buckets.computeIfAbsent(key, k -> Bucket.builder()
                .addLimit(Bandwidth.builder().capacity(limit.requests())
                        .refillIntervally(limit.requests(), limit.window()).build())
                .withCustomTimePrecision(time)
                .build());
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        long reset = seconds(probe.getNanosToWaitForReset());
        if (probe.isConsumed()) {
            return new Quota(true, limit.requests(), probe.getRemainingTokens(), reset, 0);
        }
        long retryAfter = Math.max(1, seconds(probe.getNanosToWaitForRefill()));
        return new Quota(false, limit.requests(), 0, Math.max(reset, retryAfter), retryAfter);
    }

    private synchronized void dropIdle() {
        if (addresses.size() > sweepAt) {
            addresses.values().removeIf(b -> b.getAvailableTokens() >= perAddress.requests());
            sweepAt = Math.max(MAX_TRACKED, addresses.size() * 2);
        }
    }

    /** How many client addresses are being counted. */
    int trackedAddresses() {
        return addresses.size();
    }

    private static long seconds(long nanos) {
        return (nanos + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1);
    }
}
