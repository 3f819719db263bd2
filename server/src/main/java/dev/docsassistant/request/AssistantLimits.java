package dev.docsassistant.request;

import io.helidon.config.Config;

/**
 * Size limits of an assistant request, checked before any work, the same on every edge
 * ({@code docs-assistant.limits.*}: max-body-bytes, max-messages, max-text-chars, max-context-items).
 */
public record AssistantLimits(int maxBodyBytes, int maxMessages, int maxTextChars, int maxContextItems) {
    public static AssistantLimits from(Config limits) {
        return new AssistantLimits(
                limits.get("max-body-bytes").asInt().orElse(1024 * 1024),
                limits.get("max-messages").asInt().orElse(100),
                limits.get("max-text-chars").asInt().orElse(20_000),
                limits.get("max-context-items").asInt().orElse(20));
    }
}
