package dev.docsassistant.resume;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;

/**
 * Resumable v2 answers ({@code docs-assistant.stream.resume}).
 *
 * @param enabled       record v2 answers and serve {@code GET /v2/assistant/{domain}/message/{threadId}/stream}
 * @param outliveReader how long an answer whose reader left goes on being produced and recorded, waiting to be resumed
 * @param ttl           how long an answer's events are kept after its last sign of life (event or keep-alive)
 */
public record ResumeSettings(boolean enabled, Duration outliveReader, Duration ttl) {
    /** What a finished answer's events are kept for in Redis: followers polling it read its last events meanwhile. */
    public static final Duration FINISHED_KEPT = Duration.ofSeconds(30);

    public static final ResumeSettings DEFAULTS = new ResumeSettings(true, Duration.ofSeconds(60), Duration.ofMinutes(2));

    /** Answers that cannot be resumed: a reader leaving stops the answer at once. */
    public static final ResumeSettings OFF = new ResumeSettings(false, Duration.ZERO, DEFAULTS.ttl);

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Resumable answers", "ResumeSettings", List.of(
            new SettingDoc("docs-assistant.stream.resume.enabled", "true/false", String.valueOf(DEFAULTS.enabled),
                    "record each v2 answer's events (its UI message stream chunks) while it is produced: in this server's memory,"
                            + " or, when redis.url is set, as a Redis stream docs-assistant:answer:{threadId}:{answerId} (named by the key"
                            + " docs-assistant:answer:{threadId}) that any server of a fleet can resume; serve GET /v2/assistant/{domain}/message/{threadId}/stream"
                            + " (the AI SDK's useChat({resume: true})): the events so far, then the live ones; 204 when none is active"),
            new SettingDoc("docs-assistant.stream.resume.outlive-reader", "duration", SettingDoc.duration(DEFAULTS.outliveReader),
                    "an answer whose reader left (a reload, a lost connection) goes on being produced and recorded this long,"
                            + " so the reader can resume it; then it stops and its model call is cut (0s: at once)"),
            new SettingDoc("docs-assistant.stream.resume.ttl", "duration", SettingDoc.duration(DEFAULTS.ttl),
                    "how long an answer's recorded events are kept after its last event or keep-alive (the Redis key's expiry);"
                            + " a finished answer's events are dropped from memory at once and from Redis after 30s (GET then answers 204);"
                            + " keep it above stream.keep-alive")));

    public ResumeSettings {
        if (outliveReader.isNegative()) {
            throw new ConfigException("docs-assistant.stream.resume.outlive-reader must not be negative");
        }
        if (ttl.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ConfigException("docs-assistant.stream.resume.ttl must be 1s or more");
        }
    }

    /** @param resume the {@code docs-assistant.stream.resume} node */
    public static ResumeSettings from(Config resume) {
        return new ResumeSettings(
                AppConfig.flag(resume.get("enabled"), "docs-assistant.stream.resume.enabled", DEFAULTS.enabled),
                zeroOrMore(resume.get("outlive-reader"), DEFAULTS.outliveReader),
                Durations.read(resume.get("ttl"), DEFAULTS.ttl));
    }

    /** A duration that may be zero (off). */
    private static Duration zeroOrMore(Config node, Duration otherwise) {
        if (!node.exists()) {
            return otherwise;
        }
        return node.asString().asOptional().flatMap(Durations::parse).orElseThrow(() ->
                new ConfigException(node.key() + " must be a duration such as 0s, 30s, 2m or PT30S"));
    }
}
