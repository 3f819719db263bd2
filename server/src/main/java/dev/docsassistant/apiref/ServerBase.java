package dev.docsassistant.apiref;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * An address an API is served under, as a server of a description gives it with its variables filled
 * in: scheme, host, port and path prefix. A URL is under it when all four agree, the path at a
 * segment boundary ({@code /v1} holds {@code /v1} and {@code /v1/pets}, not {@code /v10}).
 *
 * @param scheme {@code http} or {@code https}
 * @param host   lower case, IPv6 in brackets
 * @param port   the port, the scheme's default when the URL names none
 * @param path   the raw path prefix without a trailing slash ({@code ""} for the whole host)
 */
public record ServerBase(String scheme, String host, int port, String path) {

    /** The base of an absolute http(s) URL without user info, query or fragment; empty for anything else (a relative server). */
    public static Optional<ServerBase> parse(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        if (uri.getScheme() == null || uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            return Optional.empty();
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Optional.empty();
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return Optional.of(new ServerBase(scheme, uri.getHost().toLowerCase(Locale.ROOT), port(uri, scheme), path));
    }

    private static int port(URI uri, String scheme) {
        return uri.getPort() != -1 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
    }

    /** Whether {@code uri} (absolute) is under this base: same scheme, host and port, its raw path at or below the prefix. */
    public boolean contains(URI uri) {
        if (uri.getScheme() == null || uri.getHost() == null) {
            return false;
        }
        String s = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!s.equals(scheme) || !uri.getHost().toLowerCase(Locale.ROOT).equals(host) || port(uri, s) != port) {
            return false;
        }
        String p = uri.getRawPath() == null ? "" : uri.getRawPath();
        return path.isEmpty() || p.equals(path) || p.startsWith(path + "/");
    }

    /** The base as a URL: {@code https://api.example.com/v1}, the port only when it is not the scheme's default. */
    @Override
    public String toString() {
        boolean defaultPort = port == (scheme.equals("https") ? 443 : 80);
        return scheme + "://" + host + (defaultPort ? "" : ":" + port) + path;
    }

    /**
     * The base as a Content-Security-Policy source: the origin for the whole host, else the prefix with a
     * trailing slash, which CSP matches as a path prefix.
     */
    public String cspSource() {
        return toString() + (path.isEmpty() ? "" : "/");
    }
}
