package dev.docsassistant.readers;

import java.util.Optional;

/**
 * The {@code redirect} parameter of the sign-in routes: only a path of the same site is followed.
 * Anything that could leave it — a scheme ({@code https://evil.example}), a network path
 * ({@code //evil.example}), a backslash browsers read as a slash ({@code /\evil.example}), control
 * characters, a path outside where the site is served — is refused, and the reader goes to the
 * site's home instead: never an open redirect.
 */
public final class SafeRedirect {
    static final int MAX_CHARS = 2048;

    private SafeRedirect() {
    }

    /**
     * The path to send the reader to, if {@code requested} is a path of the site served at {@code base}
     * ("" at the root of its host, its path prefix there, {@code /sites/{domain}} on the loopback names).
     */
    public static Optional<String> of(String requested, String base) {
        if (requested == null || requested.isEmpty() || requested.length() > MAX_CHARS) {
            return Optional.empty();
        }
        if (!requested.startsWith("/") || requested.startsWith("//")) {
            return Optional.empty();
        }
        for (int i = 0; i < requested.length(); i++) {
            char c = requested.charAt(i);
            if (c < 0x21 || c == 0x7f || c == '\\') {
                return Optional.empty();
            }
        }
        // A dot segment could climb out of the site's prefix once the browser resolves it.
        if (requested.contains("/../") || requested.endsWith("/..") || requested.contains("/./") || requested.contains("%2e")
                || requested.contains("%2E") || requested.contains("%2f") || requested.contains("%2F")
                || requested.contains("%5c") || requested.contains("%5C")) {
            return Optional.empty();
        }
        if (!base.isEmpty() && !(requested.equals(base) || requested.startsWith(base + "/"))) {
            return Optional.empty();
        }
        return Optional.of(requested);
    }

    /** {@link #of}, else the site's home. */
    public static String orHome(String requested, String base) {
        return of(requested, base).orElse(base + "/");
    }
}
