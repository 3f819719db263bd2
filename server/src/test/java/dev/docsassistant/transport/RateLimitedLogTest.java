package dev.docsassistant.transport;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The same WARNING repeated is logged once a period, the next line saying how many were held back. */
class RateLimitedLogTest {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    private static LogRecord record(Level level, String message) {
        LogRecord r = new LogRecord(level, message);
        r.setLoggerName("io.helidon.x");
        return r;
    }

    @Test
    void repeatedWarningsAreHeldBackUntilThePeriodEnds() {
        RateLimitedLog filter = new RateLimitedLog(Duration.ofMinutes(1), clock, null);
        assertTrue(filter.isLoggable(record(Level.WARNING, "[0x1a 0x2b] unexpected I/O exception")));
        for (int i = 0; i < 5; i++) {
            assertFalse(filter.isLoggable(record(Level.WARNING, "[0x3c 0x4d] unexpected I/O exception")), "held back");
        }
        assertTrue(filter.isLoggable(record(Level.WARNING, "another failure")), "another kind passes");
        assertTrue(filter.isLoggable(record(Level.INFO, "[0x3c 0x4d] unexpected I/O exception")), "below WARNING passes");
        now = now.plusSeconds(61);
        LogRecord next = record(Level.WARNING, "[0x5e 0x6f] unexpected I/O exception");
        assertTrue(filter.isLoggable(next));
        assertEquals("[0x5e 0x6f] unexpected I/O exception (5 more like it in the last 60 s were not logged)", next.getMessage());
    }

    @Test
    void aFilterAlreadyOnTheLoggerStillDecides() {
        RateLimitedLog filter = new RateLimitedLog(Duration.ofMinutes(1), clock, r -> !r.getMessage().contains("secret"));
        assertFalse(filter.isLoggable(record(Level.WARNING, "a secret")));
        assertTrue(filter.isLoggable(record(Level.WARNING, "plain")));
    }
}
