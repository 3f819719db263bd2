package dev.docsassistant.http;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;

/**
 * How REST answer streams are written ({@code docs-assistant.stream}).
 *
 * @param finishThreadId whether the v2 {@code finish} event repeats the threadId beside its metadata
 * @param keepAlive      how long a stream may stay silent (the model still thinking) before a keep-alive is written
 */
public record StreamSettings(boolean finishThreadId, Duration keepAlive) {
    public static final StreamSettings DEFAULTS = new StreamSettings(true, Duration.ofSeconds(15));

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Answer streams (REST)", "StreamSettings", List.of(
            new SettingDoc("docs-assistant.stream.finish-thread-id", "true/false", String.valueOf(DEFAULTS.finishThreadId),
                    "the v2 finish event also carries threadId at its top level"),
            new SettingDoc("docs-assistant.stream.keep-alive", "duration", SettingDoc.duration(DEFAULTS.keepAlive),
                    "a silent stream gets a keep-alive this often (it also commits the response headers)")));

    /** @param stream the {@code docs-assistant.stream} node */
    public static StreamSettings create(Config stream) {
        return new StreamSettings(AppConfig.flag(stream.get("finish-thread-id"), "docs-assistant.stream.finish-thread-id",
                DEFAULTS.finishThreadId), Durations.read(stream.get("keep-alive"), DEFAULTS.keepAlive));
    }
}
