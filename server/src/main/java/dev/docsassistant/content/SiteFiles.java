package dev.docsassistant.content;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which paths are a site's files: those inside the site folder once symbolic links are resolved. A link
 * in the folder may point anywhere (to {@code /proc/self/environ}, to another tenant's site); what it
 * points to outside the folder's real path is never read or served, in pages, docs.json {@code $ref}s,
 * snippets, OpenAPI files and static files alike. Links that stay inside the folder work as files do.
 */
public final class SiteFiles {
    /** The problem text for a link found while reading the site. */
    static final String LINK_OUTSIDE = "symbolic link leading outside the site folder (or nowhere): not read and not served";

    private SiteFiles() {
    }

    /** Whether {@code file} (absolute and normalised, as {@code root} is) is a regular file of the site. */
    public static boolean regularFileInside(Path root, Path file) {
        return file.startsWith(root) && Files.isRegularFile(file) && resolvesInside(root, file);
    }

    /** Whether {@code path} resolves (links followed) to somewhere inside {@code root}'s real path; false when it resolves nowhere. */
    public static boolean resolvesInside(Path root, Path path) {
        try {
            return path.toRealPath().startsWith(root.toRealPath());
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** Whether {@code path} is a symbolic link that leaves the site (or leads nowhere). */
    static boolean linkOutside(Path root, Path path) {
        return Files.isSymbolicLink(path) && !resolvesInside(root, path);
    }
}
