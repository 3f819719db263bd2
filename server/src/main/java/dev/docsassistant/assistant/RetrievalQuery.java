package dev.docsassistant.assistant;

import java.util.List;

/**
 * What to search for: the question, plus the previous question when this one is a short
 * follow-up ("and how is it called?"), plus a little of the text or code the reader selected. A
 * generator may write the first part itself ({@link AnswerGenerator#searchQuery}).
 */
final class RetrievalQuery {
    /** A question with fewer content words than this leans on the one before it. */
    static final int FOLLOW_UP_TERMS = 5;
    private static final int CONTEXT_CHARS = 300;

    private RetrievalQuery() {
    }

    static String of(String question, List<String> earlierQuestions, List<ContextItem> context) {
        String q = question;
        if (QuestionTerms.of(question).size() < FOLLOW_UP_TERMS && !earlierQuestions.isEmpty()) {
            q += ' ' + earlierQuestions.get(earlierQuestions.size() - 1);
        }
        return withContext(q, context);
    }

    /** {@code query} (the question as is, or a generator's rewrite of it) and the start of each context item. */
    static String withContext(String query, List<ContextItem> context) {
        StringBuilder q = new StringBuilder(query);
        for (ContextItem item : context) {
            String v = item.value().strip();
            q.append(' ').append(v, 0, Math.min(v.length(), CONTEXT_CHARS));
        }
        return q.toString();
    }
}
