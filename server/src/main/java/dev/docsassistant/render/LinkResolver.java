package dev.docsassistant.render;

import dev.docsassistant.content.PagePaths;
import dev.docsassistant.content.SafeUrl;

import java.util.Locale;
import java.util.Optional;

/**
 * Where links and images of a page point. Every URL goes through {@link SafeUrl} first. A site is
 * served at the root of its own host ({@code mcp.localhost}) or under its path prefix there
 * ({@code /docs}), and under {@code /sites/mcp} on loopback names: site-absolute links get that
 * prefix, and links to page sources ({@code ./x.mdx}) lose their extension.
 *
 * @param base "", the site's path prefix ({@code /docs}) or {@code /sites/{domain}}
 * @param root where the server's own routes of the page's host are (its assets, API, playground proxy):
 *             the path prefix on the site's own host, else "" (loopback names serve them at their root)
 */
public record LinkResolver(String base, String root) {

    /** Links of a site at the root of its host, or under {@code /sites/{domain}} (the server's routes at the root). */
    public LinkResolver(String base) {
        this(base, "");
    }

    /** A link's target where the site is served, or empty when the URL is refused. */
    public Optional<String> link(String url) {
        return SafeUrl.link(url).map(this::place);
    }

    /** An image, video or other embedded source, or empty when refused. */
    public Optional<String> embed(String url) {
        return SafeUrl.embed(url).map(this::place);
    }

    /** {@link #link} for markup that must have a target: a refused URL goes nowhere ({@code #}). */
    public String href(String url) {
        return link(url).orElse("#");
    }

    /** {@link #embed} for markup that must have a source. */
    public String src(String url) {
        return embed(url).orElse("#");
    }

    private String place(String checked) {
        if (SafeUrl.hasScheme(checked) || checked.startsWith("#") || checked.startsWith("?")) {
            return checked;
        }
        String u = stripSourceExtension(checked);
        return u.startsWith("/") ? base + u : u;
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
