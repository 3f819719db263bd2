package dev.docsassistant.readers;

import dev.docsassistant.security.KeyHasher;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sign-ins under way, kept in memory by their state for {@link #VALIDITY}, each usable once: a
 * replayed callback (the same code and state again) finds nothing. A browser may have several under
 * way (two tabs on the sign-in page), all bound to its one browser value. Bounded, so a flood of started
 * sign-ins cannot grow it without end (the oldest then give way).
 */
public final class SignInAttempts {
    public static final Duration VALIDITY = Duration.ofMinutes(10);
    static final int MAX_OPEN = 100_000;
    private static final int RANDOM_BYTES = 32;

    private final Map<String, SignInAttempt> open = new ConcurrentHashMap<>();
    private final Clock clock;

    public SignInAttempts(Clock clock) {
        this.clock = clock;
    }

    /** Starts an attempt of a browser not known yet (a fresh browser value). */
    public SignInAttempt start(String domain, URI callback, String returnTo) {
        return start(domain, callback, returnTo, null);
    }

    /**
     * Starts an attempt with fresh random state, nonce and PKCE verifier, bound to {@code browser} (the
     * value of the browser's cookie, kept so its other attempts stay valid) or, when null, a fresh one.
     */
    public SignInAttempt start(String domain, URI callback, String returnTo, String browser) {
        Instant now = clock.instant();
        if (open.size() >= MAX_OPEN) {
            open.values().removeIf(a -> expired(a, now));
            if (open.size() >= MAX_OPEN) {
                open.values().stream().min(java.util.Comparator.comparing(SignInAttempt::startedAt))
                        .ifPresent(oldest -> open.remove(oldest.state()));
            }
        }
        SignInAttempt attempt = new SignInAttempt(domain, KeyHasher.token(RANDOM_BYTES),
                browser == null || browser.isBlank() ? KeyHasher.token(RANDOM_BYTES) : browser, KeyHasher.token(RANDOM_BYTES),
                KeyHasher.token(RANDOM_BYTES), callback, returnTo, now);
        open.put(attempt.state(), attempt);
        return attempt;
    }

    /**
     * Takes the attempt of {@code state} out (a second call finds nothing), if it is of this site, not
     * expired, and started by the browser holding {@code browser} in its cookie (another browser's
     * request leaves the attempt in place).
     */
    public Optional<SignInAttempt> take(String domain, String state, String browser) {
        if (state == null || browser == null) {
            return Optional.empty();
        }
        SignInAttempt attempt = open.get(state);
        if (attempt == null || !KeyHasher.sameSecret(attempt.browser(), browser) || !open.remove(state, attempt)
                || !attempt.domain().equals(domain) || expired(attempt, clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(attempt);
    }

    private static boolean expired(SignInAttempt a, Instant now) {
        return a.startedAt().plus(VALIDITY).isBefore(now);
    }
}
