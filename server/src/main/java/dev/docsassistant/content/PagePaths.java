package dev.docsassistant.content;

/** The one spelling of a page path: no leading or trailing slash, no anchor or query, no .md/.mdx. */
public final class PagePaths {
    private PagePaths() {
    }

    public static String normalize(String path) {
        String p = path.strip();
        int cut = indexOfAny(p, '#', '?');
        if (cut >= 0) {
            p = p.substring(0, cut);
        }
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        if (p.endsWith(".mdx")) {
            p = p.substring(0, p.length() - 4);
        } else if (p.endsWith(".md")) {
            p = p.substring(0, p.length() - 3);
        }
        return p;
    }

    /** {@code x/index} and {@code x} name the same page; this is the form without {@code index}. */
    public static String withoutIndex(String normalized) {
        if (normalized.equals("index")) {
            return "";
        }
        return normalized.endsWith("/index") ? normalized.substring(0, normalized.length() - 6) : normalized;
    }

    private static int indexOfAny(String s, char a, char b) {
        int i = s.indexOf(a);
        int j = s.indexOf(b);
        return i < 0 ? j : j < 0 ? i : Math.min(i, j);
    }
}
