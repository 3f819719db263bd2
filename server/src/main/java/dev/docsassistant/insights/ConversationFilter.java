package dev.docsassistant.insights;

import java.util.Locale;

/**
 * Which conversations a list or export covers: those active in a period (their last question falls in
 * it), answered or not, and the feedback given. A thread counts as unanswered when any of its
 * questions went unanswered, and as having feedback of a kind when any of its answers got it.
 */
public record ConversationFilter(Period period, Answered answered, Feedback feedback) {

    public enum Answered { ANY, ANSWERED, UNANSWERED }

    public enum Feedback { ANY, HELPFUL, NOT_HELPFUL, SOME, NONE }

    /** From query values ({@code answered=any|answered|unanswered}, {@code feedback=any|helpful|not-helpful|some|none}). */
    public static ConversationFilter of(Period period, String answered, String feedback) {
        return new ConversationFilter(period, choice(Answered.class, answered, "answered"), choice(Feedback.class, feedback, "feedback"));
    }

    /** The query value of an option ({@code NOT_HELPFUL} → {@code not-helpful}). */
    public static String value(Enum<?> option) {
        return option.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static <E extends Enum<E>> E choice(Class<E> type, String value, String name) {
        if (value == null || value.isBlank()) {
            return type.getEnumConstants()[0];
        }
        for (E option : type.getEnumConstants()) {
            if (value(option).equals(value.strip())) {
                return option;
            }
        }
        StringBuilder allowed = new StringBuilder();
        for (E option : type.getEnumConstants()) {
            allowed.append(allowed.isEmpty() ? "" : ", ").append(value(option));
        }
        throw new IllegalArgumentException(name + " must be one of " + allowed);
    }

    /** The condition on a conversation's summary row (conversation_threads). */
    String where() {
        String answeredRule = switch (answered) {
            case ANY -> "1 = 1";
            case ANSWERED -> "unanswered = 0";
            case UNANSWERED -> "unanswered > 0";
        };
        String feedbackRule = switch (feedback) {
            case ANY -> "1 = 1";
            case HELPFUL -> "helpful > 0";
            case NOT_HELPFUL -> "not_helpful > 0";
            case SOME -> "helpful + not_helpful > 0";
            case NONE -> "helpful + not_helpful = 0";
        };
        return answeredRule + " AND " + feedbackRule;
    }
}
