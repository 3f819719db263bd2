package dev.docsassistant.dashboard;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Times as the dashboard shows them: UTC, to the minute. */
final class Dates {
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private Dates() {
    }

    static String minute(Instant t) {
        return t == null ? "—" : MINUTE.format(t);
    }
}
