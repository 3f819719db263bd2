package dev.docsassistant.search;

/**
 * A whole published page as Markdown.
 *
 * @param path    the page path, e.g. {@code /quickstart}
 * @param title   the page title
 * @param content the page text as Markdown
 */
public record PageContent(String path, String title, String content) {
}
