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
 * @param location where in the file: a JSON Pointer, {@code line N}, or empty
 * @param message  what is wrong
 * @param severity whether it blocks a deployment
 */
public record SiteProblem(String file, String location, String message, Severity severity) {
    /** How bad a problem is; see the class comment for which is which. */
    public enum Severity { ERROR, WARNING }

    /** A warning. */
    public SiteProblem(String file, String location, String message) {
        this(file, location, message, Severity.WARNING);
    }

    /** An error: the deployment is refused. */
    public static SiteProblem error(String file, String location, String message) {
        return new SiteProblem(file, location, message, Severity.ERROR);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    @Override
    public String toString() {
        return file + (location.isEmpty() ? "" : " " + location) + ": " + message;
    }
}
