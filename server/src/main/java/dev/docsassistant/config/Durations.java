package dev.docsassistant.config;

import io.helidon.config.Config;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations in configuration: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}, {@code 90d} or ISO-8601 ({@code PT30S}, {@code P90D}). */
public final class Durations {
    private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    private Durations() {
    }

    /** The positive duration at {@code node}, {@code otherwise} when absent; a clear error naming the key when malformed. */
    public static Duration read(Config node, Duration otherwise) {
        if (!node.exists()) {
            return otherwise;
        }
        Duration d = node.asString().asOptional().flatMap(Durations::parse).orElseThrow(() ->
                new ConfigException(node.key() + " must be a duration such as 500ms, 30s, 2m or PT30S"));
        if (d.isNegative() || d.isZero()) {
            throw new ConfigException(node.key() + " must be positive");
        }
        return d;
    }

    public static Optional<Duration> parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.startsWith("p")) {
                return Optional.of(Duration.parse(t.toUpperCase(Locale.ROOT)));
            }
            Matcher m = SHORT.matcher(t);
            if (!m.matches()) {
                return Optional.empty();
            }
            long n = Long.parseLong(m.group(1));
            return Optional.of(switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            });
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
