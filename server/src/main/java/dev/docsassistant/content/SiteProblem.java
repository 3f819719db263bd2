package dev.docsassistant.content;

/**
 * Something wrong in a site's sources: reported, skipped, and the rest of the site still loads.
 *
 * <p>An {@linkplain Severity#ERROR error} means the site would not be served as its author wrote it
 * (docs.json unreadable or invalid, a navigation page without a file, a page that cannot be read or
 * whose front matter is broken, a snippet that is not there, an integration with invalid settings): a
 * deployment with one never replaces the active one. A {@linkplain Severity#WARNING warning} is
 * something left out or suspect that the rest of the site does not depend on (a broken or unsafe link,
 * a redirect left out, an OpenAPI operation not found): reported, never blocking.
 *
 * @param file     the file, relative to the site folder (e.g. {@code docs.json}, {@code guides/setup.mdx})
 * @param location where in the file: a JSON Pointer, {@code line N, column M}, or empty
 * @param message  what is wrong
 * @param severity whether it blocks a deployment
 * @param line     the 1-based line in {@code file}, or 0 when unknown
 * @param column   the 1-based column in that line, or 0 when unknown
 */
public record SiteProblem(String file, String location, String message, Severity severity, int line, int column) {
    /** How bad a problem is; see the class comment for which is which. */
    public enum Severity { ERROR, WARNING }

    /** A warning placed by a JSON Pointer or a key, or not placed at all. */
    public SiteProblem(String file, String location, String message) {
        this(file, location, message, Severity.WARNING, 0, 0);
    }

    public SiteProblem(String file, String location, String message, Severity severity) {
        this(file, location, message, severity, 0, 0);
    }

    /** An error: the deployment is refused. */
    public static SiteProblem error(String file, String location, String message) {
        return new SiteProblem(file, location, message, Severity.ERROR);
    }

    /** A warning at a line and column of the file. */
    public static SiteProblem at(String file, int line, int column, String message) {
        return new SiteProblem(file, "line " + line + ", column " + column, message, Severity.WARNING, line, column);
    }

    /** An error at a line and column of the file. */
    public static SiteProblem errorAt(String file, int line, int column, String message) {
        return at(file, line, column, message).asError();
    }

    /** The same problem as an error. */
    public SiteProblem asError() {
        return new SiteProblem(file, location, message, Severity.ERROR, line, column);
    }

    /** The same problem, also placed at a line and column (the location, e.g. a JSON Pointer, is kept). */
    public SiteProblem placed(int line, int column) {
        return new SiteProblem(file, location, message, severity, line, column);
    }

    /** The same problem, placed at the line and column of {@code offset} in {@code text} (as it is when the offset is negative). */
    public SiteProblem placedAt(String text, int offset) {
        if (offset < 0 || offset > text.length()) {
            return this;
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return placed(line, offset - lineStart + 1);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** {@code file:line:column}, as editors and terminals link it, or just the file. */
    public String position() {
        return line == 0 ? file : file + ":" + line + ":" + column;
    }

    /**
     * {@code file:line:column: message}, as {@code check}, start-up and {@code dev} write it and editors
     * link it; a JSON Pointer follows the position ({@code docs.json:4:23 /navigation/0: …}).
     */
    @Override
    public String toString() {
        boolean pointer = !location.isEmpty() && !(line > 0 && location.startsWith("line "));
        return position() + (pointer ? " " + location : "") + ": " + message;
    }
}
