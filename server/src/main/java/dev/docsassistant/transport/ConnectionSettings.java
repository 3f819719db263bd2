package dev.docsassistant.transport;

import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;

/**
 * How long a client may take and how many connections one address may hold, from
 * {@code docs-assistant.connections}. Defaults follow common servers (nginx, Apache) for a public API.
 *
 * @param headerTimeout  from accept to the end of the first request's headers
 * @param idleTimeout    from the end of one response to the end of the next request's headers (keep-alive)
 * @param bodyTimeout    from the end of the headers to the last byte of the declared body
 * @param maxPerAddress  connections one client address may hold (0: no limit): at the limit its idle ones are
 *                       closed to make room, and a new one is refused only when all are busy with a request;
 *                       trusted proxies are exempt. Idle ones give way rather than a low limit on open ones,
 *                       so that an office behind one NAT address (browsers keep several keep-alive
 *                       connections each) does not meet it without abuse
 */
public record ConnectionSettings(Duration headerTimeout, Duration idleTimeout, Duration bodyTimeout, int maxPerAddress) {
    public static final ConnectionSettings DEFAULTS =
            new ConnectionSettings(Duration.ofSeconds(20), Duration.ofSeconds(60), Duration.ofSeconds(30), 128);

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Connections", "ConnectionSettings", List.of(
            new SettingDoc("docs-assistant.connections.header-timeout", "duration", SettingDoc.duration(DEFAULTS.headerTimeout),
                    "from accept to the end of the first request's headers"),
            new SettingDoc("docs-assistant.connections.idle-timeout", "duration", SettingDoc.duration(DEFAULTS.idleTimeout),
                    "from the end of one response to the end of the next request's headers (keep-alive)"),
            new SettingDoc("docs-assistant.connections.body-timeout", "duration", SettingDoc.duration(DEFAULTS.bodyTimeout),
                    "from the end of the headers to the last byte of the declared body"),
            new SettingDoc("docs-assistant.connections.max-per-address", "number", String.valueOf(DEFAULTS.maxPerAddress),
                    "connections one client address may hold (0: no limit); at the limit its idle ones are closed to make room,"
                            + " and a new one gets 503 only when all are busy with a request; trusted proxies are exempt")));

    public ConnectionSettings {
        for (Duration d : new Duration[] {headerTimeout, idleTimeout, bodyTimeout}) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("connection timeouts must be positive, got " + d);
            }
        }
        if (maxPerAddress < 0) {
            throw new IllegalArgumentException("connections.max-per-address must be 0 (no limit) or more");
        }
    }

    /** Reads the {@code docs-assistant.connections} node {@code c}; missing keys keep their defaults. */
    public static ConnectionSettings from(Config c) {
        return new ConnectionSettings(
                Durations.read(c.get("header-timeout"), DEFAULTS.headerTimeout),
                Durations.read(c.get("idle-timeout"), DEFAULTS.idleTimeout),
                Durations.read(c.get("body-timeout"), DEFAULTS.bodyTimeout),
                c.get("max-per-address").asInt().orElse(DEFAULTS.maxPerAddress));
    }

    /** How often deadlines are checked: a quarter of the shortest, at most once a second. */
    Duration sweepEvery() {
        long shortest = Math.min(headerTimeout.toMillis(), Math.min(idleTimeout.toMillis(), bodyTimeout.toMillis()));
        return Duration.ofMillis(Math.max(20, Math.min(1000, shortest / 4)));
    }

    /** "20 s" or "500 ms", for messages. */
    static String text(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
