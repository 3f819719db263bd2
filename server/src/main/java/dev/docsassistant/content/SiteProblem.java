package dev.docsassistant.content;

/**
 * Something wrong in a site's sources: reported, skipped, and the rest of the site still loads.
 *
 * @param file     the file, relative to the site folder (e.g. {@code docs.json}, {@code guides/setup.mdx})
 * @param location where in the file: a JSON Pointer, {@code line N, column M}, or empty
 * @param message  what is wrong
 * @param line     the 1-based line in {@code file}, or 0 when unknown
 * @param column   the 1-based column in that line, or 0 when unknown
 */
public record SiteProblem(String file, String location, String message, int line, int column) {

    /** A problem placed by a JSON Pointer or a key, or not placed at all. */
    public SiteProblem(String file, String location, String message) {
        this(file, location, message, 0, 0);
    }

    /** A problem at a line and column of the file. */
    public static SiteProblem at(String file, int line, int column, String message) {
        return new SiteProblem(file, "line " + line + ", column " + column, message, line, column);
    }

    /** The same problem, also placed at a line and column (the location, e.g. a JSON Pointer, is kept). */
    public SiteProblem placed(int line, int column) {
        return new SiteProblem(file, location, message, line, column);
    }

    /** {@code file:line:column}, as editors and terminals link it, or just the file. */
    public String position() {
        return line == 0 ? file : file + ":" + line + ":" + column;
    }

    @Override
    public String toString() {
        String at = location.startsWith("line ") ? file : position(); // "line N, column M" says it already
        return at + (location.isEmpty() ? "" : " " + location) + ": " + message;
    }
}
