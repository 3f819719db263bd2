package dev.docsassistant.readers;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * One way a site signs its readers in. The routes ({@code /login}, {@code /login/callback},
 * {@code /login/jwt-callback}, {@code /logout} on the site's host) do everything around it: the
 * {@code redirect} parameter, the state bound to the browser (login CSRF), one use of each attempt,
 * the session and its cookie. A method only turns what the browser brings back into a {@link Reader}.
 */
public interface ReaderAuthMethod {

    /** What the sign-in page shows: a password form, or a link onwards (the provider, the customer's login). */
    enum Form { PASSWORD, REDIRECT }

    Form form();

    /**
     * Where the browser goes to sign in, for {@link Form#REDIRECT} methods: the provider's authorization
     * endpoint (with {@code attempt.state()}, {@code attempt.nonce()}, the PKCE challenge of
     * {@code attempt.codeVerifier()} and {@code attempt.callback()} as redirect URI) or the customer's
     * login URL (with {@code redirect}).
     */
    URI start(SignInAttempt attempt);

    /**
     * The reader the browser's return names, for the attempt it belongs to (checked by the routes:
     * its state matched the browser's, it was not used before, it is not older than
     * {@link SignInAttempts#VALIDITY}).
     *
     * @param params what the browser brought: the callback's query ({@code code}, {@code state}, …),
     *               the posted form ({@code password}, {@code token})
     * @throws ReaderAuthException refused, with a message for the reader
     */
    Reader finish(SignInAttempt attempt, Map<String, String> params);

    /** Where signing out sends the browser after the session ended; empty: the site's sign-in page. */
    default Optional<URI> logout() {
        return Optional.empty();
    }
}
