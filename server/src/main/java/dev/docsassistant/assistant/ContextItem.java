package dev.docsassistant.assistant;

/**
 * Extra material the reader attached: code or a text selection from a page. It helps to understand
 * the question; it is never quoted back as documentation.
 *
 * @param type      {@code code} or {@code textSelection}
 * @param value     the code or selected text
 * @param path      the page it was taken from, or null
 * @param elementId the element it was taken from, or null
 */
public record ContextItem(String type, String value, String path, String elementId) {
}
