package dev.docsassistant.security;

import dev.docsassistant.testing.MachineDependencies;

import dev.docsassistant.store.Redis;
import dev.docsassistant.testing.CapturedLogs;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rate limits counted in a real Redis (bin/test-services starts one): shared, exact, failing open. */
class SharedRateLimitsTest {
    private static final String REDIS_URL_ENV = "DOCS_ASSISTANT_TEST_REDIS_URL";

    private static String redisUrl() {
        String url = System.getenv(REDIS_URL_ENV);
        if ("true".equals(System.getenv("CI"))) {
            assertTrue(url != null && !url.isBlank(), REDIS_URL_ENV + " must be set in CI");
        }
        MachineDependencies.require(url != null && !url.isBlank(), "Redis (" + REDIS_URL_ENV + ")");
        return url;
    }

    @Test
    void twoCountersOnOneRedisShareTheLimitExactly() {
        String org = "shared-" + UUID.randomUUID();
        RateLimits.Limit limit = new RateLimits.Limit(10, Duration.ofHours(1));
        try (Redis one = Redis.connect(redisUrl()); Redis two = Redis.connect(redisUrl())) {
            RateLimits a = RateLimits.shared(limit, limit, one);
            RateLimits b = RateLimits.shared(limit, limit, two);
            assertTrue(a.isShared());
            for (int i = 0; i < 10; i++) {
                Quota q = (i % 2 == 0 ? a : b).countOrganization(org);
                assertTrue(q.allowed(), "request " + (i + 1));
                assertEquals(9 - i, q.remaining());
            }
            Quota over = b.countOrganization(org);
            assertFalse(over.allowed());
            assertTrue(over.retryAfterSeconds() > 0);
            assertFalse(a.countOrganization(org).allowed());
            assertTrue(a.countOrganization("other-" + org).allowed(), "other organisations have their own bucket");
        }
    }

    @Test
    void withRedisGoneRequestsPassUncountedAndTheWarningIsLoggedOnce() {
        RateLimits.Limit limit = new RateLimits.Limit(1, Duration.ofHours(1));
        String org = "gone-" + UUID.randomUUID();
        Redis redis = Redis.connect(redisUrl());
        RateLimits limits = RateLimits.shared(limit, limit, redis);
        assertTrue(limits.countOrganization(org).allowed());
        assertFalse(limits.countOrganization(org).allowed());
        redis.close();
        try (CapturedLogs logs = CapturedLogs.of(RateLimits.class)) {
            for (int i = 0; i < 3; i++) {
                assertTrue(limits.countOrganization(org).allowed(), "fails open");
            }
            assertEquals(1, logs.messages().stream().filter(m -> m.contains("Redis did not answer")).count(), logs.text());
        }
    }
}
