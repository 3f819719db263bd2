package dev.docsassistant.readers;

import java.net.URI;
import java.time.Instant;

/**
 * One sign-in under way in one browser, from the sign-in page until the method's return.
 *
 * @param domain       the site
 * @param state        random, sent to the provider and kept in a cookie of the browser that started: a
 *                     return carrying another state (login CSRF) or none is refused
 * @param nonce        random, for the ID token's {@code nonce}
 * @param codeVerifier random, the PKCE verifier (its S256 challenge goes to the provider)
 * @param callback     the absolute address the provider returns to ({@code …/login/callback} on the site's host)
 * @param returnTo     the page to show after signing in: a path of the site, checked by {@link SafeRedirect}
 * @param startedAt    when the attempt began
 */
public record SignInAttempt(String domain, String state, String nonce, String codeVerifier, URI callback, String returnTo,
                            Instant startedAt) {
    @Override
    public String toString() {
        return "SignInAttempt[" + domain + ", to " + returnTo + ", " + startedAt + "]";
    }
}
