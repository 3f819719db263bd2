package dev.docsassistant.readers;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The reader's session cookie and the sign-in's state cookie. Host-only (no {@code Domain}: a site's
 * cookie never reaches another site's host, nor the dashboard's), {@code Path} the site's prefix on
 * the loopback names ({@code /sites/{domain}/}, where every site shares one host), its path prefix on
 * its own host ({@code /docs/}: the host's other paths are another application's) else {@code /},
 * {@code HttpOnly} (no script reads it), {@code SameSite=Lax} (no other site's form or script sends
 * it; a link from elsewhere still opens the page signed in), {@code Secure} when the site is reached
 * over TLS.
 */
public final class ReaderCookie {
    /** The session cookie. */
    public static final String SESSION = "da_reader";
    /** The browser value of the sign-ins under way ({@link SignInAttempt#browser()}): binds their return to this browser. */
    public static final String STATE = "da_reader_state";

    private ReaderCookie() {
    }

    /** The {@code Set-Cookie} value opening a session until {@code expires}. */
    public static String session(String token, Instant now, Instant expires, String base, boolean secure) {
        long maxAge = Math.max(0, Duration.between(now, expires).toSeconds());
        return SESSION + "=" + token + attributes(base, secure) + "; Max-Age=" + maxAge;
    }

    /** The {@code Set-Cookie} value ending the session in the browser. */
    public static String clearSession(String base, boolean secure) {
        return SESSION + "=" + attributes(base, secure) + "; Max-Age=0";
    }

    /** The {@code Set-Cookie} value holding the browser value of sign-ins for as long as an attempt is valid. */
    public static String state(String browser, String base, boolean secure) {
        return STATE + "=" + browser + attributes(base, secure) + "; Max-Age=" + SignInAttempts.VALIDITY.toSeconds();
    }

    private static String attributes(String base, boolean secure) {
        return "; Path=" + base + "/; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "");
    }

    /** The value of cookie {@code name} among the request's {@code Cookie} headers, if any. */
    public static Optional<String> read(List<String> cookieHeaders, String name) {
        for (String header : cookieHeaders) {
            for (String part : header.split(";")) {
                String p = part.strip();
                if (p.startsWith(name + "=")) {
                    String value = p.substring(name.length() + 1);
                    if (!value.isEmpty()) {
                        return Optional.of(value);
                    }
                }
            }
        }
        return Optional.empty();
    }
}
