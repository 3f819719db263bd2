package dev.docsassistant.assistant.llm;

/**
 * One message of a Chat Completions request.
 *
 * @param role {@code system}, {@code user} or {@code assistant}
 */
public record PromptMessage(String role, String content) {
}
