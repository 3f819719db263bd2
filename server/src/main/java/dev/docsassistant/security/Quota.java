package dev.docsassistant.security;

/**
 * Where a caller stands against one rate limit after a request was counted, for the
 * {@code RateLimit-*} and {@code Retry-After} headers (or their gRPC metadata twins).
 *
 * @param allowed           whether the request fitted in the limit
 * @param limit             requests allowed per window
 * @param remaining         requests left in the current window
 * @param resetSeconds      seconds until the window is full again
 * @param retryAfterSeconds when refused, seconds until a request can succeed; 0 otherwise
 */
public record Quota(boolean allowed, long limit, long remaining, long resetSeconds, long retryAfterSeconds) {

    /** The tighter of two quotas: a refusal first, else the one with fewer requests left. */
    public static Quota tighter(Quota a, Quota b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        if (a.allowed() != b.allowed()) {
            return a.allowed() ? b : a;
        }
        return b.remaining() < a.remaining() ? b : a;
    }
}
