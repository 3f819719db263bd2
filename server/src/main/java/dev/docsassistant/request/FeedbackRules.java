package dev.docsassistant.request;

/**
 * The rules of feedback on an answer ({@code POST /v1/assistant/{domain}/feedback} and its gRPC
 * twin): the thread and message ids from the answer's stream, helpful or not, an optional comment.
 */
public final class FeedbackRules {
    public static final int MAX_ID_CHARS = 100;
    public static final int MAX_COMMENT_CHARS = 2000;

    /** Feedback that passed the rules; {@code comment} is null when none was given. */
    public record AnswerFeedback(String threadId, String messageId, boolean helpful, String comment) {
    }

    private FeedbackRules() {
    }

    /** @param helpful null when the request did not say */
    public static AnswerFeedback check(String threadId, String messageId, Boolean helpful, String comment) {
        Rules.maxLength("threadId", Rules.required("threadId", threadId), MAX_ID_CHARS);
        Rules.maxLength("messageId", Rules.required("messageId", messageId), MAX_ID_CHARS);
        if (helpful == null) {
            throw new InvalidFieldException("helpful", "is required (true or false)");
        }
        Rules.maxLength("comment", comment, MAX_COMMENT_CHARS);
        return new AnswerFeedback(threadId, messageId, helpful, Rules.blankToNull(comment == null ? null : comment.strip()));
    }
}
