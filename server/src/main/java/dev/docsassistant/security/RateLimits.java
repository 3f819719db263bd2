package dev.docsassistant.security;

import dev.docsassistant.metrics.AppMetrics;
import dev.docsassistant.store.Redis;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Request counters per organisation (per hour by default), per site for its public traffic (page keys,
 * keyless MCP, the search page; per hour) and per client address (per day), as
 * Bucket4j token buckets refilled whole at the end of each window. They live either in this
 * process's memory ({@code limits.store: memory}: each server counts on its own, a restart starts
 * afresh) or in Redis ({@code limits.store: redis}: one count for the whole fleet, exact at the limit,
 * since Bucket4j updates a bucket with compare-and-swap).
 *
 * <p>When Redis does not answer, requests are let through uncounted (fail open: an outage of the
 * counter must not take the API down), logged at most once a minute and counted in a metric.
 */
public final class RateLimits {
    /** Above this many tracked addresses (in memory), those with a full bucket (unused for a window) are dropped. */
    static final int MAX_TRACKED = 100_000;
    private static final Logger LOG = Logger.getLogger(RateLimits.class.getName());
    private static final long FAIL_OPEN_LOG_EVERY = TimeUnit.MINUTES.toNanos(1);

    private final Limit perOrganization;
    private final Limit perAddress;
    private final Limit perSitePages;
    private final TimeMeter time;
    private final Map<String, Bucket> organizations = new ConcurrentHashMap<>();
    private final Map<String, Bucket> sitePages = new ConcurrentHashMap<>();
    private final Map<String, Bucket> addresses = new ConcurrentHashMap<>();
    /** Null for in-memory buckets. */
    private final Redis redis;
    /** Made on the first count once Redis is connected (it may be down when the server starts). */
    private volatile ProxyManager<byte[]> shared;
    private final AtomicLong lastFailOpenLog = new AtomicLong(System.nanoTime() - FAIL_OPEN_LOG_EVERY);
    /** Size at which the next sweep runs; doubles when a sweep frees little, so sweeps stay rare. */
    private volatile int sweepAt = MAX_TRACKED;

    /** {@code requests} per {@code window}. */
    public record Limit(long requests, Duration window) {
        public Limit {
            if (requests < 1) {
                throw new IllegalArgumentException("a rate limit must allow at least one request, got " + requests);
            }
        }

        Bandwidth bandwidth() {
            return Bandwidth.builder().capacity(requests).refillIntervally(requests, window).build();
        }

        BucketConfiguration configuration() {
            return BucketConfiguration.builder().addLimit(bandwidth()).build();
        }
    }

    /** Buckets in this process's memory; each site's public traffic gets as much as an organisation. */
    public RateLimits(Limit perOrganization, Limit perAddress) {
        this(perOrganization, perAddress, perOrganization);
    }

    /** Buckets in this process's memory. */
    public RateLimits(Limit perOrganization, Limit perAddress, Limit perSitePages) {
        this(perOrganization, perAddress, perSitePages, TimeMeter.SYSTEM_NANOTIME, null);
    }

    /** With the in-memory buckets' clock given, so that tests can move time on instead of sleeping. */
    RateLimits(Limit perOrganization, Limit perAddress, TimeMeter time) {
        this(perOrganization, perAddress, perOrganization, time, null);
    }

    private RateLimits(Limit perOrganization, Limit perAddress, Limit perSitePages, TimeMeter time, Redis redis) {
        this.perOrganization = perOrganization;
        this.perAddress = perAddress;
        this.perSitePages = perSitePages;
        this.time = time;
        this.redis = redis;
    }

    /** Buckets in Redis, shared by every server that uses the same Redis. */
    public static RateLimits shared(Limit perOrganization, Limit perAddress, Redis redis) {
        return shared(perOrganization, perAddress, perOrganization, redis);
    }

    /** Buckets in Redis, shared by every server that uses the same Redis. */
    public static RateLimits shared(Limit perOrganization, Limit perAddress, Limit perSitePages, Redis redis) {
        return new RateLimits(perOrganization, perAddress, perSitePages, TimeMeter.SYSTEM_NANOTIME, redis);
    }

    /** Whether the counters are shared through Redis. */
    public boolean isShared() {
        return redis != null;
    }

    /** Bucket4j over the Redis connection, or null while there is none yet. */
    private ProxyManager<byte[]> shared() {
        ProxyManager<byte[]> manager = shared;
        if (manager == null) {
            manager = redis.connection().map(connection -> Bucket4jLettuce.casBasedBuilder(connection)
                    // Keys expire once their bucket would be full again, so idle addresses leave Redis by themselves.
                    .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                    .build()).orElse(null);
            shared = manager;
        }
        return manager;
    }

    /** Counts one request of the organisation. */
    public Quota countOrganization(String organization) {
        Quota quota = take(organizations, "org", organization, perOrganization);
        if (!quota.allowed()) {
            AppMetrics.rateLimited("organization");
        }
        return quota;
    }

    /**
     * Counts one public request of a site: made with a key its pages embed, keyless over MCP, or its
     * search page. A budget of its own, so that public traffic cannot spend the organisation's.
     */
    public Quota countSitePages(String domain) {
        Quota quota = take(sitePages, "site-pages", domain, perSitePages);
        if (!quota.allowed()) {
            AppMetrics.rateLimited("site_pages");
        }
        return quota;
    }

    /** Counts one request from a client address ({@link ClientAddress#bucketKey()}). */
    public Quota countAddress(String addressKey) {
        if (redis == null && addresses.size() > sweepAt) {
            dropIdle();
        }
        Quota quota = take(addresses, "ip", addressKey, perAddress);
        if (!quota.allowed()) {
            AppMetrics.rateLimited("address");
        }
        return quota;
    }

    private Quota take(Map<String, Bucket> local, String kind, String key, Limit limit) {
        ConsumptionProbe probe;
        if (redis == null) {
            probe = local.computeIfAbsent(key, k -> Bucket.builder().addLimit(limit.bandwidth()).withCustomTimePrecision(time).build())
                    .tryConsumeAndReturnRemaining(1);
        } else {
            ProxyManager<byte[]> manager = shared();
            if (manager == null) {
                return failOpen(limit, "not connected to Redis at " + redis.describe() + " yet");
            }
            try {
                probe = manager.builder().build(redisKey(kind, key, limit), limit::configuration).tryConsumeAndReturnRemaining(1);
            } catch (RuntimeException e) {
                return failOpen(limit, "Redis did not answer (" + e.getMessage() + ")");
            }
        }
        long reset = seconds(probe.getNanosToWaitForReset());
        if (probe.isConsumed()) {
            return new Quota(true, limit.requests(), probe.getRemainingTokens(), reset, 0);
        }
        long retryAfter = Math.max(1, seconds(probe.getNanosToWaitForRefill()));
        return new Quota(false, limit.requests(), 0, Math.max(reset, retryAfter), retryAfter);
    }

    /** The limit is part of the key: changing it in configuration starts fresh buckets instead of reusing old ones. */
    private static byte[] redisKey(String kind, String key, Limit limit) {
        return ("docs-assistant:rate:" + kind + ":" + limit.requests() + "/" + limit.window().toSeconds() + "s:" + key)
                .getBytes(StandardCharsets.UTF_8);
    }

    private Quota failOpen(Limit limit, String why) {
        AppMetrics.redisError();
        AppMetrics.rateLimitFailOpen();
        long now = System.nanoTime();
        long last = lastFailOpenLog.get();
        if (now - last >= FAIL_OPEN_LOG_EVERY && lastFailOpenLog.compareAndSet(last, now)) {
            LOG.warning("rate limits are not counted: " + why
                    + "; requests are let through until it answers (logged at most once a minute)");
        }
        return new Quota(true, limit.requests(), limit.requests(), limit.window().toSeconds(), 0);
    }

    private synchronized void dropIdle() {
        if (addresses.size() > sweepAt) {
            addresses.values().removeIf(b -> b.getAvailableTokens() >= perAddress.requests());
            sweepAt = Math.max(MAX_TRACKED, addresses.size() * 2);
        }
    }

    /** How many client addresses are being counted in memory. */
    int trackedAddresses() {
        return addresses.size();
    }

    private static long seconds(long nanos) {
        return (nanos + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1);
    }
}
