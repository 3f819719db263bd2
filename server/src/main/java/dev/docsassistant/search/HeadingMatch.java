package dev.docsassistant.search;

import java.util.Set;

/**
 * How far a section's own heading (a lead section's: its page title) is the query: the share of the
 * heading's terms the query holds times the share of the query's terms the heading holds, so 1 when
 * the heading is the query ("retry schedule" on "Retry schedule") and small when a long question
 * merely contains a heading's word. BM25 alone cannot see this: the head field sums the page title,
 * every enclosing heading and the keywords, and a neighbouring section whose body repeats a query
 * word outscores the section titled by the query.
 *
 * <p>The match lifts a BM25 relevance toward 1 by its fourth power ({@link #lifted}): a heading that
 * is the query makes its section the best conceivable match, while a heading covering half of a
 * question's terms adds only a sixteenth of what was missing (with the square, such partial matches
 * moved look-ups in keyword mode off the first rank on the dev sets: bench/RESULTS.md).
 */
final class HeadingMatch {
    private HeadingMatch() {
    }

    private static final String[] NONE = {};

    /** 0–1: how completely a section's heading terms ({@link #headingTerms}) and the query's terms cover each other. */
    static double of(String[] headingTerms, Set<String> queryTerms) {
        if (queryTerms.isEmpty() || headingTerms.length == 0) {
            return 0;
        }
        int shared = 0;
        for (String term : headingTerms) {
            if (queryTerms.contains(term)) {
                shared++;
            }
        }
        return (shared / (double) headingTerms.length) * (shared / (double) queryTerms.size());
    }

    /** The distinct terms of the section's heading (a lead section's: its page title) as a query's are analysed. */
    static String[] headingTerms(IndexedSection s) {
        String heading = s.section().heading() != null ? s.section().heading() : s.page().title();
        if (heading == null || heading.isBlank()) {
            return NONE;
        }
        return s.analysis().queryTerms(heading).toArray(NONE);
    }

    /** A relevance (a share of the best conceivable match, at most about 1) lifted toward 1 by the match. */
    static double lifted(double relevance, double match) {
        return relevance + Math.max(0, 1 - relevance) * Math.pow(match, 4);
    }
}
