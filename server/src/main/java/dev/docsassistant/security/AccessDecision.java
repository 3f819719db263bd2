package dev.docsassistant.security;

/**
 * The answer of {@link AccessCheck}: granted with the caller, or refused with a kind and a message
 * safe to show to the client. {@code quota} is the tightest limit the request was counted against
 * (null only when the request was refused before being counted, which does not happen today).
 */
public record AccessDecision(Outcome outcome, String message, Caller caller, Quota quota) {

    /** How a request fared; each edge maps it to its own status (HTTP 401/403/429, gRPC codes). */
    public enum Outcome {
        GRANTED,
        /** No usable key: missing, malformed, unknown, revoked or expired (HTTP 401). */
        UNAUTHENTICATED,
        /** A valid key that does not open this site or is used from another origin (HTTP 403). */
        FORBIDDEN,
        /** Over a rate limit (HTTP 429, with Retry-After). */
        RATE_LIMITED
    }

    public boolean granted() {
        return outcome == Outcome.GRANTED;
    }

    static AccessDecision refused(Outcome outcome, String message, Quota quota) {
        return new AccessDecision(outcome, message, null, quota);
    }
}
