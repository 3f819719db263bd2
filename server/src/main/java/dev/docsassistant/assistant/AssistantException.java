package dev.docsassistant.assistant;

/** A request the core refuses before answering; each edge maps the kind to its protocol's status. */
public final class AssistantException extends RuntimeException {
    /**
     * INVALID and NOT_FOUND are the request's fault; UPSTREAM_FAILED (the answer provider answered
     * wrongly) and UPSTREAM_UNAVAILABLE (unreachable, timed out) are raised by {@code answer} when
     * the generator failed before anything was streamed. BUSY: the server streams as many answers as
     * it may hold ({@code docs-assistant.stream.max-open}); a retry in a moment may succeed.
     */
    public enum Kind { INVALID, NOT_FOUND, UPSTREAM_FAILED, UPSTREAM_UNAVAILABLE, BUSY }

    private final Kind kind;

    public AssistantException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
