package dev.docsassistant.assistant;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.util.List;

/**
 * How conversations continue ({@code docs-assistant.threads}).
 *
 * @param requireKey whether continuing a thread by its id also takes the thread's key (given out with the first answer)
 */
public record ThreadSettings(boolean requireKey) {
    public static final ThreadSettings DEFAULTS = new ThreadSettings(false);

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Threads", "ThreadSettings", List.of(
            new SettingDoc("docs-assistant.threads.require-key", "true/false", String.valueOf(DEFAULTS.requireKey),
                    "a follow-up naming a threadId must also send that thread's threadKey")));

    /** @param threads the {@code docs-assistant.threads} node */
    public static ThreadSettings from(Config threads) {
        return new ThreadSettings(AppConfig.flag(threads.get("require-key"), "docs-assistant.threads.require-key",
                DEFAULTS.requireKey));
    }
}
