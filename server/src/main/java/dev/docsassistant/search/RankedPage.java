package dev.docsassistant.search;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.Section;

import java.util.List;

/**
 * One page in a ranking, represented by its best section.
 *
 * @param section   the page's best section for the query
 * @param rankScore what orders the ranking (relevance, or the fused score, times the page's boost and preferences):
 *                  the score clients see and compare with {@code scoreThreshold}
 * @param relevance how well the section alone matches, 0–1 (the BM25 share of the best conceivable match, or
 *                  the cosine): the evidence the offline assistant abstains by, whatever the ranking's weights
 */
record RankedPage(IndexedSection section, double rankScore, double relevance) {
    String pagePath() {
        return section.page().path();
    }

    /**
     * The rank score as clients see it: at most 1 (a boosted page can pass it; the order stays) and
     * three decimals, so a score read back as {@code scoreThreshold} keeps its result.
     */
    double reportedScore() {
        return round(Math.min(1, rankScore));
    }

    private static double round(double score) {
        return Math.round(score * 1000) / 1000.0;
    }

    SearchHit hit() {
        Page page = section.page();
        List<Section> all = page.sections();
        int at = 0;
        while (at < all.size() && all.get(at) != section.section()) {
            at++;
        }
        String following = at + 1 < all.size() ? all.get(at + 1).markdown() : null;
        return new SearchHit(section.url(), page.title(), section.section().heading(), section.section().markdown(),
                page.version(), page.language(), reportedScore(), round(relevance), following);
    }
}
