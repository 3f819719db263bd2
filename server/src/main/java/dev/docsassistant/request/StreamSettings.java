package dev.docsassistant.request;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;

/**
 * How answer streams are written ({@code docs-assistant.stream}), the same objects for both edges.
 *
 * @param finishThreadId whether the v2 {@code finish} event repeats the threadId beside its metadata (REST)
 * @param reasoning      whether a model's reasoning is relayed (v2 reasoning parts, gRPC {@code reasoning_delta} events)
 * @param keepAlive      how long a REST stream may stay silent (the model still thinking) before a keep-alive is written
 */
public record StreamSettings(boolean finishThreadId, boolean reasoning, Duration keepAlive) {
    public static final StreamSettings DEFAULTS = new StreamSettings(true, false, Duration.ofSeconds(15));

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Answer streams", "StreamSettings", List.of(
            new SettingDoc("docs-assistant.stream.finish-thread-id", "true/false", String.valueOf(DEFAULTS.finishThreadId),
                    "the v2 finish event also carries threadId at its top level"),
            new SettingDoc("docs-assistant.stream.reasoning", "true/false", String.valueOf(DEFAULTS.reasoning),
                    "relay a reasoning model's reasoning (v2 reasoning parts, gRPC reasoning_delta); never part of the answer"),
            new SettingDoc("docs-assistant.stream.keep-alive", "duration", SettingDoc.duration(DEFAULTS.keepAlive),
                    "a silent stream gets a keep-alive this often (it also commits the response headers)")));

    /** @param stream the {@code docs-assistant.stream} node */
    public static StreamSettings create(Config stream) {
        return new StreamSettings(
                AppConfig.flag(stream.get("finish-thread-id"), "docs-assistant.stream.finish-thread-id", DEFAULTS.finishThreadId),
                AppConfig.flag(stream.get("reasoning"), "docs-assistant.stream.reasoning", DEFAULTS.reasoning),
                Durations.read(stream.get("keep-alive"), DEFAULTS.keepAlive));
    }
}
