package dev.docsassistant.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;

/** A duration setting written as {@code 90d}, {@code 12h}, {@code 30m} or ISO-8601 ({@code P90D}). */
public final class DurationSetting {
    private DurationSetting() {
    }

    /** The value of {@code key} (its fallback when absent); a bad value is a {@link ConfigException} naming the key. */
    public static Duration read(AppConfig config, String key, Duration fallback) {
        String value = config.section().get(key).asString().orElse(null);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        String v = value.strip();
        Duration d;
        try {
            if (v.matches("\\d{1,6}[dhm]")) {
                long n = Long.parseLong(v.substring(0, v.length() - 1));
                d = switch (v.charAt(v.length() - 1)) {
                    case 'd' -> Duration.ofDays(n);
                    case 'h' -> Duration.ofHours(n);
                    default -> Duration.ofMinutes(n);
                };
            } else {
                d = Duration.parse(v);
            }
        } catch (DateTimeParseException e) {
            throw new ConfigException("docs-assistant." + key + ": '" + v + "' is not a duration like 90d, 12h, 30m or P90D");
        }
        if (d.isNegative() || d.isZero()) {
            throw new ConfigException("docs-assistant." + key + " must be longer than zero");
        }
        return d;
    }
}
