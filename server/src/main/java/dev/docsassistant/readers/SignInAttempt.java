package dev.docsassistant.readers;

import java.net.URI;
import java.time.Instant;

/**
 * One sign-in under way in one browser, from the sign-in page until the method's return.
 *
 * @param domain       the site
 * @param state        random, sent to the provider (or in the form's hidden field): names this attempt
 * @param browser      random, kept in a cookie of the browser that started: a return carrying the state of
 *                     an attempt of another browser (login CSRF) or no cookie is refused. One browser keeps
 *                     its value across attempts, so a second sign-in page (another tab, a stray request)
 *                     leaves the first one's form valid
 * @param nonce        random, for the ID token's {@code nonce}
 * @param codeVerifier random, the PKCE verifier (its S256 challenge goes to the provider)
 * @param callback     the absolute address the provider returns to ({@code …/login/callback} on the site's host)
 * @param returnTo     the page to show after signing in: a path of the site, checked by {@link SafeRedirect}
 * @param startedAt    when the attempt began
 */
public record SignInAttempt(String domain, String state, String browser, String nonce, String codeVerifier, URI callback, String returnTo,
                            Instant startedAt) {
    @Override
    public String toString() {
        return "SignInAttempt[" + domain + ", to " + returnTo + ", " + startedAt + "]";
    }
}
