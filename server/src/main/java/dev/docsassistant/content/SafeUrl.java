package dev.docsassistant.content;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The one check every link the server emits goes through (page content, components, docs.json
 * links, redirects, assistant sources); {@code server/src/main/site-ui/src/markdown.js}
 * {@code safeHref} mirrors it for the browser.
 *
 * <p>A value is first normalised as the WHATWG URL parser does before it looks for a scheme:
 * leading and trailing C0 controls and spaces are stripped and tab, LF and CR are deleted
 * anywhere ({@code "jav\tascript:"} is {@code javascript:} to a browser). What is left must hold
 * no other control character, no line separator and no {@code \} (which browsers read as
 * {@code /}, turning {@code /\evil.example} into another host). Then only http, https, mailto
 * and tel schemes pass, or a relative reference that stays on the site ({@code //host} does not).
 */
public final class SafeUrl {
    private static final Set<String> LINK_SCHEMES = Set.of("http", "https", "mailto", "tel");
    private static final Set<String> INLINE_IMAGES = Set.of("png", "jpeg", "jpg", "gif", "webp", "avif");

    private SafeUrl() {
    }

    /** A link target ({@code href}) as the browser will read it, or empty when it is refused. */
    public static Optional<String> link(String raw) {
        String u = normalize(raw);
        if (u == null || u.startsWith("//")) {
            return Optional.empty();
        }
        String scheme = scheme(u);
        return scheme == null || LINK_SCHEMES.contains(scheme) ? Optional.of(u) : Optional.empty();
    }

    /** An embedded source ({@code src}): a link, or a {@code data:} raster image (never SVG, which can hold script). */
    public static Optional<String> embed(String raw) {
        String u = normalize(raw);
        if (u != null && "data".equals(scheme(u))) {
            String type = u.substring(5).toLowerCase(Locale.ROOT);
            int end = type.indexOf(';') >= 0 ? type.indexOf(';') : type.indexOf(',');
            return end > 6 && type.startsWith("image/") && INLINE_IMAGES.contains(type.substring(6, end))
                    ? Optional.of(u) : Optional.empty();
        }
        return link(raw);
    }

    /** Whether a checked value names a scheme ({@code https:}, {@code mailto:}) rather than a place on the site. */
    public static boolean hasScheme(String checked) {
        return scheme(checked) != null;
    }

    /** An absolute {@code http(s)://host…} URL (after normalisation). */
    public static boolean isAbsoluteHttp(String checked) {
        String scheme = scheme(checked);
        return ("http".equals(scheme) || "https".equals(scheme))
                && checked.startsWith("//", scheme.length() + 1) && checked.length() > scheme.length() + 3;
    }

    /**
     * The value as a browser's URL parser starts from, or null when it holds something no link of a
     * docs site needs and browsers treat in surprising ways (controls, line separators, backslashes).
     */
    static String normalize(String raw) {
        if (raw == null) {
            return null;
        }
        int start = 0;
        int end = raw.length();
        while (start < end && raw.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && raw.charAt(end - 1) <= ' ') {
            end--;
        }
        StringBuilder out = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            char c = raw.charAt(i);
            if (c == '\t' || c == '\n' || c == '\r') {
                continue;
            }
            if (c < ' ' || (c >= 0x7f && c <= 0x9f) || c == '\\' || c == '\u2028' || c == '\u2029') {
                return null;
            }
            out.append(c);
        }
        return out.isEmpty() ? null : out.toString();
    }

    /** The lower-cased scheme as WHATWG's scheme state reads it (an ASCII letter, then letters, digits, + - .), or null. */
    private static String scheme(String u) {
        if (u.isEmpty() || !isAsciiLetter(u.charAt(0))) {
            return null;
        }
        for (int i = 1; i < u.length(); i++) {
            char c = u.charAt(i);
            if (c == ':') {
                return u.substring(0, i).toLowerCase(Locale.ROOT);
            }
            if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') {
                return null;
            }
        }
        return null;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
