package dev.docsassistant.insights;

import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;

/**
 * How long recorded conversations are kept ({@code docs-assistant.retention}).
 *
 * @param conversations questions, answers, feedback and threads older than this are deleted by {@link Retention}
 */
public record RetentionSettings(Duration conversations) {
    public static final RetentionSettings DEFAULTS = new RetentionSettings(Retention.DEFAULT);

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Retention", "RetentionSettings", List.of(
            new SettingDoc("docs-assistant.retention.conversations", "duration", SettingDoc.duration(DEFAULTS.conversations),
                    "recorded questions, answers, feedback and threads are deleted after this")));

    /** @param retention the {@code docs-assistant.retention} node */
    public static RetentionSettings from(Config retention) {
        return new RetentionSettings(Durations.read(retention.get("conversations"), DEFAULTS.conversations));
    }
}
