package dev.docsassistant.config;

import java.net.URI;
import java.util.regex.Pattern;

/**
 * A site's path prefix ({@code sites[].path-prefix}): the path of its hosts it is served under, as a
 * reverse proxy forwards {@code https://example.com/docs/*} to this server unchanged. Written
 * {@code /docs}, one or more plain segments; "" (or {@code /}) is the root.
 */
public final class PathPrefix {
    private static final Pattern SEGMENTS = Pattern.compile("(/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+");

    private PathPrefix() {
    }

    /** The prefix as configured, without a trailing slash; "" for none. */
    public static String read(String value, String key) {
        String v = value.strip();
        while (v.endsWith("/")) {
            v = v.substring(0, v.length() - 1);
        }
        if (v.isEmpty()) {
            return "";
        }
        if (!SEGMENTS.matcher(v).matches() || v.contains("/..")) {
            throw new ConfigException(key + ": '" + value + "' must be a path such as /docs: segments of letters, digits,"
                    + " '-', '_', '~' and '.' (no query, no '..', no encoded characters)");
        }
        return v;
    }

    /**
     * The site's URL with its prefix: {@code https://example.com} gets it appended; one already ending with
     * it stays; one naming another path is refused (the links would point where the site is not served).
     */
    public static String onUrl(String url, String prefix, String key) {
        String path;
        try {
            path = URI.create(url).getRawPath();
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key + ": '" + url + "' is not a URL: " + e.getMessage());
        }
        path = path == null ? "" : path;
        if (prefix.isEmpty() || path.equals(prefix)) {
            return url;
        }
        if (path.isEmpty()) {
            return url + prefix;
        }
        throw new ConfigException(key + ": its path '" + path + "' is not the site's path-prefix '" + prefix
                + "'; give the URL without a path, or with the prefix");
    }
}
