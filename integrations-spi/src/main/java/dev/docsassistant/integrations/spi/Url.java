package dev.docsassistant.integrations.spi;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An {@code https:} URL assembled from a host, literal path text the plugin writes, and values that
 * are percent-encoded as path segments or query values. A plugin never hands over a URL string it
 * concatenated itself, so a setting cannot change the URL's scheme, host or structure.
 */
public final class Url {
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.-]+(?::[0-9]{1,5})?");
    private static final Pattern LITERAL = Pattern.compile("[A-Za-z0-9/._~!$&'()*+,;=:@-]*");
    private final String host;
    private final StringBuilder path = new StringBuilder();
    private final List<String> query = new ArrayList<>();

    private Url(String host) {
        this.host = host;
    }

    /** {@code https://host}; the host must be a plain host name (validated settings only). */
    public static Url https(String host) {
        if (!HOST.matcher(host).matches()) {
            throw new IllegalArgumentException("not a host name: " + host);
        }
        return new Url(host.toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * An {@code https:} URL given in full by a setting that passed {@link Rule#httpsUrl}: parsed, and
     * re-assembled from its parts so nothing but an https URL can come out.
     */
    public static Url parseHttps(String url) {
        URI uri = URI.create(url);
        if (!"https".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("not an https URL with a host: " + url);
        }
        Url result = https(uri.getHost() + (uri.getPort() >= 0 ? ":" + uri.getPort() : ""));
        String rawPath = uri.getRawPath() == null ? "" : uri.getRawPath();
        for (String segment : rawPath.split("/", -1)) {
            if (!segment.isEmpty()) {
                result.segment(java.net.URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8));
            }
        }
        if (rawPath.endsWith("/") && rawPath.length() > 1) {
            result.path.append('/');
        }
        if (uri.getRawQuery() != null && !uri.getRawQuery().isEmpty()) {
            result.query.add(uri.getRawQuery().replaceAll("[^A-Za-z0-9/._~!$&'()*+,;=:@%?-]",
                    "")); // already encoded by URI; anything else is dropped
        }
        return result;
    }

    /** Literal path text written by the plugin, e.g. {@code /gtag/js}. */
    public Url path(String literal) {
        if (!LITERAL.matcher(literal).matches()) {
            throw new IllegalArgumentException("path literal has characters that need encoding: " + literal);
        }
        path.append(literal);
        return this;
    }

    /** One path segment holding a value: {@code /} + the value percent-encoded. */
    public Url segment(String value) {
        path.append('/').append(encode(value));
        return this;
    }

    /** A query parameter holding a value. */
    public Url query(String name, String value) {
        query.add(encode(name) + "=" + encode(value));
        return this;
    }

    /** The host, for the Content-Security-Policy. */
    public String host() {
        return host;
    }

    /** {@code https://host}. */
    public String origin() {
        return "https://" + host;
    }

    @Override
    public String toString() {
        return origin() + path + (query.isEmpty() ? "" : "?" + String.join("&", query));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Url u && u.toString().equals(toString());
    }

    @Override
    public int hashCode() {
        return Objects.hash(toString());
    }

    /** Percent-encodes everything outside RFC 3986's unreserved characters. */
    static String encode(String value) {
        StringBuilder sb = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~') {
                sb.append((char) c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return sb.toString();
    }
}
