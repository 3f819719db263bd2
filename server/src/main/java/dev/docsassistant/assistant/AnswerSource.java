package dev.docsassistant.assistant;

/**
 * A page the answer draws on.
 *
 * @param id      stable within the answer ({@code src-1})
 * @param url     absolute URL on the site when the site has a URL configured, else the path
 * @param path    the page path with anchor ({@code /guides/retries#retry-schedule})
 * @param title   the page title
 * @param content the section text the answer used
 */
public record AnswerSource(String id, String url, String path, String title, String content) {
}
