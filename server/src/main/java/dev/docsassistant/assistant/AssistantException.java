package dev.docsassistant.assistant;

/** A request the core refuses before answering; each edge maps the kind to its protocol's status. */
public final class AssistantException extends RuntimeException {
    public enum Kind { INVALID, NOT_FOUND }

    private final Kind kind;

    public AssistantException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
