package dev.docsassistant.assistant;

/**
 * Thrown by an {@link AssistantEvents} sink whose receiver is gone (the client cancelled, its deadline
 * passed): the core stops producing at once, stores nothing of the unfinished turn, and rethrows it.
 */
public final class AnswerAbortedException extends RuntimeException {
    public AnswerAbortedException(String reason) {
        super(reason, null, false, false);
    }
}
