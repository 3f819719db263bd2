package dev.docsassistant.dashboard;

import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The dashboard's session cookie and the sign-in form's cookie (its CSRF token before there is a
 * session, {@link #SIGN_IN}, sent to the sign-in path only). The session cookie: {@code HttpOnly} (no script reads it), {@code SameSite=Strict}
 * (no other site's page sends it), scoped to {@code /dashboard}, and {@code Secure} when the
 * dashboard is reached over https (the request itself, or a configured https dashboard URL behind a
 * proxy that ends TLS).
 */
final class SessionCookie {
    static final String NAME = "da_session";
    static final String SIGN_IN = "da_sign_in";
    /** How long a sign-in page may stay open before its form needs a reload. */
    static final Duration SIGN_IN_VALIDITY = Duration.ofHours(1);

    private SessionCookie() {
    }

    static Optional<String> read(ServerRequest req) {
        return read(req, NAME);
    }

    /** The sign-in form's token the browser holds; a cross-site form post never carries it ({@code SameSite=Strict}). */
    static Optional<String> readSignIn(ServerRequest req) {
        return read(req, SIGN_IN);
    }

    static void setSignIn(ServerRequest req, ServerResponse res, String token, boolean httpsUrl) {
        res.header(HeaderNames.SET_COOKIE, SIGN_IN + "=" + token + "; Path=/dashboard/sign-in; Max-Age="
                + SIGN_IN_VALIDITY.toSeconds() + "; HttpOnly; SameSite=Strict" + (req.isSecure() || httpsUrl ? "; Secure" : ""));
    }

    private static Optional<String> read(ServerRequest req, String name) {
        for (String header : req.headers().contains(HeaderNames.COOKIE) ? req.headers().get(HeaderNames.COOKIE).allValues()
                : java.util.List.<String>of()) {
            for (String part : header.split(";")) {
                String p = part.strip();
                if (p.startsWith(name + "=")) {
                    return Optional.of(p.substring(name.length() + 1));
                }
            }
        }
        return Optional.empty();
    }

    static void set(ServerRequest req, ServerResponse res, String token, Instant expires, boolean httpsUrl) {
        long maxAge = Math.max(0, Duration.between(Instant.now(), expires).toSeconds());
        res.header(HeaderNames.SET_COOKIE, NAME + "=" + token + "; Path=/dashboard; Max-Age=" + maxAge
                + "; HttpOnly; SameSite=Strict" + (req.isSecure() || httpsUrl ? "; Secure" : ""));
    }

    static void clear(ServerRequest req, ServerResponse res, boolean httpsUrl) {
        res.header(HeaderNames.SET_COOKIE, NAME + "=; Path=/dashboard; Max-Age=0; HttpOnly; SameSite=Strict"
                + (req.isSecure() || httpsUrl ? "; Secure" : ""));
    }
}
