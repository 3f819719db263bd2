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
 * replayed callback (the same code and state again) finds nothing. Bounded, so a flood of started
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

    /** Starts an attempt with fresh random state, nonce and PKCE verifier. */
    public SignInAttempt start(String domain, URI callback, String returnTo) {
        Instant now = clock.instant();
        if (open.size() >= MAX_OPEN) {
            open.values().removeIf(a -> expired(a, now));
            if (open.size() >= MAX_OPEN) {
                open.values().stream().min(java.util.Comparator.comparing(SignInAttempt::startedAt))
                        .ifPresent(oldest -> open.remove(oldest.state()));
            }
        }
        SignInAttempt attempt = new SignInAttempt(domain, KeyHasher.token(RANDOM_BYTES), KeyHasher.token(RANDOM_BYTES),
                KeyHasher.token(RANDOM_BYTES), callback, returnTo, now);
        open.put(attempt.state(), attempt);
        return attempt;
    }

    /**
     * Takes the attempt of {@code state} out (a second call finds nothing), if it is of this site, not
     * expired, and the browser holds the same state in its cookie ({@code browserState}).
     */
    public Optional<SignInAttempt> take(String domain, String state, String browserState) {
        if (state == null || browserState == null || !KeyHasher.sameSecret(state, browserState)) {
            return Optional.empty();
        }
        SignInAttempt attempt = open.remove(state);
        if (attempt == null || !attempt.domain().equals(domain) || expired(attempt, clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(attempt);
    }

    private static boolean expired(SignInAttempt a, Instant now) {
        return a.startedAt().plus(VALIDITY).isBefore(now);
    }
}
