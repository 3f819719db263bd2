package dev.docsassistant.content;

/**
 * Something wrong in a site's sources: reported, skipped, and the rest of the site still loads.
 *
 * @param file     the file, relative to the site folder (e.g. {@code docs.json}, {@code guides/setup.mdx})
 * @param location where in the file: a JSON Pointer, {@code line N}, or empty
 * @param message  what is wrong
 */
public record SiteProblem(String file, String location, String message) {
    @Override
    public String toString() {
        return file + (location.isEmpty() ? "" : " " + location) + ": " + message;
    }
}
