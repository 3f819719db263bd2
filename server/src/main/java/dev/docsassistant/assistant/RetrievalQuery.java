package dev.docsassistant.assistant;

import java.util.List;

/**
 * What to search for: the question, plus the previous question when this one is a short
 * follow-up ("and how is it called?"), plus a little of the text or code the reader selected.
 */
final class RetrievalQuery {
    /** A question with fewer content words than this leans on the one before it. */
    static final int FOLLOW_UP_TERMS = 5;
    private static final int CONTEXT_CHARS = 300;

    private RetrievalQuery() {
    }

    static String of(String question, List<String> earlierQuestions, List<ContextItem> context) {
        StringBuilder q = new StringBuilder(question);
        if (QuestionTerms.of(question).size() < FOLLOW_UP_TERMS && !earlierQuestions.isEmpty()) {
            q.append(' ').append(earlierQuestions.get(earlierQuestions.size() - 1));
        }
        for (ContextItem item : context) {
            String v = item.value().strip();
            q.append(' ').append(v, 0, Math.min(v.length(), CONTEXT_CHARS));
        }
        return q.toString();
    }
}
