package dev.docsassistant.assistant;

/**
 * Thrown by an {@link AssistantEvents} sink when nobody is listening any more (the client
 * disconnected or cancelled). It unwinds the generator, which closes whatever it has open
 * upstream, and the answer stops without an error event.
 */
public final class AnswerAbandoned extends RuntimeException {
    public AnswerAbandoned(String message) {
        super(message, null, false, false);
    }
}
