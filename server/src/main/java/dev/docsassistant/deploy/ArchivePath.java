package dev.docsassistant.deploy;

import java.util.ArrayList;
import java.util.List;

/** An archive entry's name as a path inside the site folder, refused when it would leave the folder. */
final class ArchivePath {
    private ArchivePath() {
    }

    /**
     * The entry's relative path ({@code a/b.mdx}), or "" for the folder itself.
     *
     * @throws BadArchiveException for an absolute path, a {@code ..} segment, a backslash or a control character
     */
    static String of(String name) {
        if (name.startsWith("/") || name.matches("^[A-Za-z]:.*")) {
            throw BadArchiveException.bad("archive entry '" + printable(name) + "' has an absolute path");
        }
        if (name.indexOf('\\') >= 0 || name.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw BadArchiveException.bad("archive entry '" + printable(name) + "' has a backslash or control character in its name");
        }
        List<String> parts = new ArrayList<>();
        for (String part : name.split("/")) {
            if (part.equals("..")) {
                throw BadArchiveException.bad("archive entry '" + printable(name) + "' climbs out of the folder with '..'");
            }
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        return String.join("/", parts);
    }

    /**
     * Where a link entry at {@code entry} pointing to {@code target} lands, relative to the folder.
     *
     * @param relativeToEntry true for a symbolic link (its target is relative to the link's folder), false for a hard link
     * @throws BadArchiveException when it points outside the folder
     */
    static String linkTarget(String entry, String target, boolean relativeToEntry) {
        if (target.startsWith("/") || target.matches("^[A-Za-z]:.*")) {
            throw BadArchiveException.bad("link '" + printable(entry) + "' points outside the folder: " + printable(target));
        }
        List<String> parts = new ArrayList<>();
        if (relativeToEntry && entry.contains("/")) {
            parts.addAll(List.of(entry.substring(0, entry.lastIndexOf('/')).split("/")));
        }
        for (String part : target.split("/")) {
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    throw BadArchiveException.bad("link '" + printable(entry) + "' points outside the folder: " + printable(target));
                }
                parts.removeLast();
            } else if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        return String.join("/", parts);
    }

    static String printable(String name) {
        String cut = name.length() > 200 ? name.substring(0, 200) + "…" : name;
        return cut.replaceAll("\\p{Cntrl}", "?");
    }
}
