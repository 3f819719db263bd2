package dev.docsassistant.security;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Browser origins ({@code https://docs.example.com[:port]}) as keys restrict them, in one canonical spelling. */
public final class Origins {
    private Origins() {
    }

    /**
     * The canonical form of an origin: lower-case scheme and host, no default port, no path.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static String canonical(String origin) {
        String trimmed = origin.trim();
        URI uri;
        try {
            uri = new URI(trimmed);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("'" + trimmed + "' is not an origin like https://docs.example.com");
        }
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!"https".equals(scheme) && !"http".equals(scheme) || uri.getHost() == null
                || uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null
                || uri.getRawPath() != null && !uri.getRawPath().isEmpty() && !uri.getRawPath().equals("/")) {
            throw new IllegalArgumentException("'" + trimmed + "' is not an origin like https://docs.example.com"
                    + " (http or https, a host, an optional port, no path)");
        }
        int port = uri.getPort();
        boolean defaultPort = port == -1 || scheme.equals("https") && port == 443 || scheme.equals("http") && port == 80;
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    }

    /** Canonical origins from a comma-separated list; blanks are skipped. */
    public static List<String> parseList(String commaSeparated) {
        List<String> out = new ArrayList<>();
        if (commaSeparated == null) {
            return out;
        }
        for (String part : commaSeparated.split(",")) {
            if (!part.isBlank()) {
                String canonical = canonical(part);
                if (!out.contains(canonical)) {
                    out.add(canonical);
                }
            }
        }
        return out;
    }

    /** The canonical form of a request's {@code Origin} header, or null when it is not a usable origin ("null", garbage). */
    public static String ofHeader(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            return canonical(header);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
