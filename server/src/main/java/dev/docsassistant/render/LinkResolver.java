package dev.docsassistant.render;

import dev.docsassistant.site.PagePaths;

import java.util.Locale;

/**
 * Where links and images of a page point. A site is served both at the root of its own host
 * ({@code mcp.localhost}) and under {@code /sites/mcp}: site-absolute links get that prefix, and
 * links to page sources ({@code ./x.mdx}) lose their extension. Unsafe schemes become {@code #}.
 *
 * @param base "" or {@code /sites/{domain}}
 */
public record LinkResolver(String base) {

    public String href(String url) {
        String u = url == null ? "" : url.strip();
        if (u.isEmpty()) {
            return "#";
        }
        String lower = u.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("mailto:")
                || lower.startsWith("tel:")) {
            return u;
        }
        if (lower.startsWith("//") || lower.matches("^[a-z][a-z0-9+.-]*:.*")) {
            return "#"; // javascript:, data:, vbscript: and protocol-relative links have no place in docs
        }
        if (u.startsWith("#") || u.startsWith("?")) {
            return u;
        }
        u = stripSourceExtension(u);
        return u.startsWith("/") ? base + u : u;
    }

    /** Image, video and other embedded sources: as links, plus {@code data:image/} for inline images. */
    public String src(String url) {
        String u = url == null ? "" : url.strip();
        if (u.toLowerCase(Locale.ROOT).startsWith("data:image/") && !u.toLowerCase(Locale.ROOT).startsWith("data:image/svg")) {
            return u;
        }
        return href(u);
    }

    /** The URL of a page of this site: {@code x/index} is served as {@code x}, the home page as {@code /}. */
    public String page(String pagePath) {
        return base + "/" + PagePaths.withoutIndex(pagePath);
    }

    private static String stripSourceExtension(String u) {
        int cut = u.length();
        for (char c : new char[] {'#', '?'}) {
            int i = u.indexOf(c);
            if (i >= 0 && i < cut) {
                cut = i;
            }
        }
        String path = u.substring(0, cut);
        String rest = u.substring(cut);
        if (path.endsWith(".mdx")) {
            path = path.substring(0, path.length() - 4);
        } else if (path.endsWith(".md")) {
            path = path.substring(0, path.length() - 3);
        }
        return path + rest;
    }
}
