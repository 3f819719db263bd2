package dev.docsassistant.assistant;

/**
 * A generator could not write the answer because the service it depends on failed. The message is
 * short and safe to show to the reader; details (provider status, provider text) are logged where
 * the failure happened.
 */
public final class GeneratorException extends RuntimeException {
    /** UNAVAILABLE: unreachable or too slow; FAILED: it answered with an error or with garbage. */
    public enum Kind { UNAVAILABLE, FAILED }

    private final Kind kind;

    public GeneratorException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
