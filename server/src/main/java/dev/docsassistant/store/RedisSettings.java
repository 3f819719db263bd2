package dev.docsassistant.store;

import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The Redis server a fleet shares ({@code docs-assistant.redis}).
 *
 * @param url     {@code redis://HOST:PORT}; without one the server uses no Redis
 * @param timeout how long one command may take before it fails
 */
public record RedisSettings(Optional<String> url, Duration timeout) {
    public static final RedisSettings DEFAULTS = new RedisSettings(Optional.empty(), Duration.ofMillis(500));

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Redis", "RedisSettings", List.of(
            new SettingDoc("docs-assistant.redis.url", "URL", "",
                    "redis://HOST:PORT, shared by a fleet (rate limits with limits.store: redis); a Redis down is retried in the background"),
            new SettingDoc("docs-assistant.redis.timeout", "duration", SettingDoc.duration(DEFAULTS.timeout),
                    "how long one command may take before it fails (the request goes on without it)")));

    /** @param redis the {@code docs-assistant.redis} node */
    public static RedisSettings from(Config redis) {
        return new RedisSettings(redis.get("url").asString().asOptional().map(String::strip).filter(s -> !s.isEmpty()),
                Durations.read(redis.get("timeout"), DEFAULTS.timeout));
    }
}
