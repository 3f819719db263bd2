package dev.docsassistant.apiref;

/**
 * Something wrong in an API description, reported beside the site's other problems.
 *
 * @param file     the file, relative to the site folder
 * @param location where in it: a JSON Pointer, the parser's attribute path, or empty
 * @param message  what is wrong
 * @param line     1-based line, or 0 when unknown
 * @param column   1-based column, or 0 when unknown
 * @param error    whether the description (or part of it) could not be read at all, so pages are missing;
 *                 else a remark of the parser's validation that the pages do not depend on
 */
public record SpecProblem(String file, String location, String message, int line, int column, boolean error) {
    /** A problem that leaves the description, or a file of it, unread. */
    public SpecProblem(String file, String location, String message) {
        this(file, location, message, 0, 0, true);
    }

    public SpecProblem(String file, String location, String message, int line, int column) {
        this(file, location, message, line, column, true);
    }

    /** A validation remark: reported, never blocking. */
    static SpecProblem remark(String file, String location, String message) {
        return new SpecProblem(file, location, message, 0, 0, false);
    }
}
