package dev.docsassistant.transport;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * A log filter that lets the first WARNING (or worse) of a kind through and then at most one per
 * period, so a flood of the same failure is a few lines, not megabytes. A kind is the logger and the
 * message with its numbers and ids taken out. The next line let through says how many were held back.
 * Records below WARNING pass untouched.
 */
public final class RateLimitedLog implements Filter {
    private static final int MAX_KINDS = 1000;
    private final Duration period;
    private final Clock clock;
    private final Filter next;
    private final Map<String, Window> kinds = new ConcurrentHashMap<>();

    /** @param next a filter that already sat on the logger (or null): records must pass it too */
    public RateLimitedLog(Duration period, Clock clock, Filter next) {
        this.period = period;
        this.clock = clock;
        this.next = next;
    }

    @Override
    public boolean isLoggable(LogRecord record) {
        if (next != null && !next.isLoggable(record)) {
            return false;
        }
        if (record.getLevel().intValue() < Level.WARNING.intValue()) {
            return true;
        }
        if (kinds.size() > MAX_KINDS) {
            kinds.clear(); // messages that never repeat: keep the map small
        }
        long now = clock.millis();
        Window window = kinds.computeIfAbsent(kind(record), k -> new Window());
        int held;
        synchronized (window) {
            if (window.lastLogged != Long.MIN_VALUE && now - window.lastLogged < period.toMillis()) {
                window.held++;
                return false;
            }
            held = window.held;
            window.held = 0;
            window.lastLogged = now;
        }
        if (held > 0) {
            record.setMessage(record.getMessage() + " (" + held + " more like it in the last " + period.toSeconds() + " s were not logged)");
        }
        return true;
    }

    private static String kind(LogRecord record) {
        String message = record.getMessage() == null ? "" : record.getMessage();
        return record.getLoggerName() + "|" + message.replaceAll("0x[0-9a-fA-F]+|[0-9]+", "#");
    }

    private static final class Window {
        long lastLogged = Long.MIN_VALUE;
        int held;
    }
}
