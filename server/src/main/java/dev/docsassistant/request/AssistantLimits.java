package dev.docsassistant.request;

import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.util.List;

/**
 * Size limits of an assistant request, checked before any work, the same on every edge
 * ({@code docs-assistant.limits.*}: max-body-bytes, max-messages, max-text-chars, max-context-items).
 */
public record AssistantLimits(int maxBodyBytes, int maxMessages, int maxTextChars, int maxContextItems) {
    public static final AssistantLimits DEFAULTS = new AssistantLimits(1024 * 1024, 100, 20_000, 20);

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Assistant request limits", "AssistantLimits", List.of(
            new SettingDoc("docs-assistant.limits.max-body-bytes", "number", String.valueOf(DEFAULTS.maxBodyBytes),
                    "largest assistant request body (REST) or message (gRPC)"),
            new SettingDoc("docs-assistant.limits.max-messages", "number", String.valueOf(DEFAULTS.maxMessages),
                    "most messages in one assistant request"),
            new SettingDoc("docs-assistant.limits.max-text-chars", "number", String.valueOf(DEFAULTS.maxTextChars),
                    "most characters of text in one message"),
            new SettingDoc("docs-assistant.limits.max-context-items", "number", String.valueOf(DEFAULTS.maxContextItems),
                    "most context items in one assistant request")));

    /** @param limits the {@code docs-assistant.limits} node; missing keys keep their defaults */
    public static AssistantLimits from(Config limits) {
        return new AssistantLimits(
                limits.get("max-body-bytes").asInt().orElse(DEFAULTS.maxBodyBytes),
                limits.get("max-messages").asInt().orElse(DEFAULTS.maxMessages),
                limits.get("max-text-chars").asInt().orElse(DEFAULTS.maxTextChars),
                limits.get("max-context-items").asInt().orElse(DEFAULTS.maxContextItems));
    }
}
