package dev.docsassistant.insights;

import java.util.Locale;

/**
 * Which conversations a list or export covers: a period, answered or not, and the feedback given.
 * A thread counts as unanswered when any of its questions went unanswered, and as having feedback of
 * a kind when any of its answers got it.
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

    /** The HAVING clause over a thread's answers (alias a) joined with their feedback (alias f). */
    String having() {
        String answeredRule = switch (answered) {
            case ANY -> "1 = 1";
            case ANSWERED -> "MIN(a.answered) = 1";
            case UNANSWERED -> "MIN(a.answered) = 0";
        };
        String feedbackRule = switch (feedback) {
            case ANY -> "1 = 1";
            case HELPFUL -> "SUM(CASE WHEN f.helpful = 1 THEN 1 ELSE 0 END) > 0";
            case NOT_HELPFUL -> "SUM(CASE WHEN f.helpful = 0 THEN 1 ELSE 0 END) > 0";
            case SOME -> "COUNT(f.message_id) > 0";
            case NONE -> "COUNT(f.message_id) = 0";
        };
        return answeredRule + " AND " + feedbackRule;
    }
}
