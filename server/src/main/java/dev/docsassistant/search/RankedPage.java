package dev.docsassistant.search;

import dev.docsassistant.content.Page;

/**
 * One page in a ranking, represented by its best section.
 *
 * @param section   the page's best section for the query
 * @param rankScore what orders the ranking (relevance times the page's boost and preferences)
 * @param relevance the 0–1 score reported to clients and compared with {@code scoreThreshold}
 */
record RankedPage(IndexedSection section, double rankScore, double relevance) {
    String pagePath() {
        return section.page().path();
    }

    /** The relevance as clients see it (three decimals), so a score read back as {@code scoreThreshold} keeps its result. */
    double reportedRelevance() {
        return Math.round(relevance * 1000) / 1000.0;
    }

    SearchHit hit() {
        Page page = section.page();
        return new SearchHit(section.url(), page.title(), section.section().heading(), section.section().markdown(),
                page.version(), page.language(), reportedRelevance());
    }
}
