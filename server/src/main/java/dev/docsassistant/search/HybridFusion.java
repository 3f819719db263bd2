package dev.docsassistant.search;

import dev.docsassistant.content.Page;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Fuses the BM25 ranking and the embedding ranking of one query into one, by a convex combination
 * of their scores: {@code 0.6 × bm25 / best bm25 + 0.4 × cosine}, times the page's weight (version
 * and language preference, boost, size prior). BM25 is divided by the query's best BM25 score so
 * both sides run from 0 to about 1 whatever the query's length; the cosine (of centred vectors) is
 * kept as it is, so a weak semantic match stays weak instead of being stretched to 1.
 *
 * <p>Scores, not ranks, are fused: with reciprocal rank fusion the second page of either side
 * scored almost as well as the first, so a page the model ranked first but BM25 never saw pushed
 * down a page BM25 matched on every word; a convex combination keeps how far ahead a match is
 * (as Bruch et al. found across retrieval benchmarks, "An Analysis of Fusion Functions for Hybrid
 * Retrieval", 2023). The weights were chosen on both dev corpora together, on a plateau (0.55–0.65
 * score alike), never per question.
 *
 * <p>A section with no vector yet (an index served before its new sections were embedded) has no
 * semantic side to fuse: its score is its BM25 side alone, at full weight, as keyword mode ranks it,
 * rather than the 0.6 share that would rank it below every embedded section with a weaker match.
 */
final class HybridFusion {
    /** The share of BM25 in the fused score; the embedding side has the rest. */
    static final double KEYWORD_WEIGHT = 0.6;

    private HybridFusion() {
    }

    /**
     * @param keyword  BM25 pages, best first, each with its 0–1 relevance (share of the best conceivable match)
     * @param semantic embedding pages, best first, each with its cosine similarity as relevance
     * @param weight   the page's multiplier (preference, boost, size prior), applied once to the fused score
     */
    static List<RankedPage> fuse(List<RankedPage> keyword, List<RankedPage> semantic, ToDoubleFunction<Page> weight) {
        return fuse(keyword, semantic, weight, section -> true);
    }

    /** @param embedded whether a section has its vector in the index (else it is ranked by its BM25 side alone) */
    static List<RankedPage> fuse(List<RankedPage> keyword, List<RankedPage> semantic, ToDoubleFunction<Page> weight,
                                 Predicate<IndexedSection> embedded) {
        double best = keyword.stream().mapToDouble(RankedPage::relevance).max().orElse(1);
        Map<String, double[]> scores = new LinkedHashMap<>();
        Map<String, RankedPage> pages = new LinkedHashMap<>();
        for (RankedPage p : keyword) {
            scores.computeIfAbsent(p.pagePath(), k -> new double[2])[0] = p.relevance() / Math.max(1e-9, best);
            pages.putIfAbsent(p.pagePath(), p); // the keyword side's section (and relevance) first
        }
        for (RankedPage p : semantic) {
            scores.computeIfAbsent(p.pagePath(), k -> new double[2])[1] = p.relevance();
            pages.putIfAbsent(p.pagePath(), p);
        }
        List<RankedPage> out = new ArrayList<>(pages.size());
        pages.forEach((path, p) -> {
            double[] s = scores.get(path);
            double fused = KEYWORD_WEIGHT * s[0] + (1 - KEYWORD_WEIGHT) * s[1];
            if (!embedded.test(p.section())) {
                fused = Math.max(fused, s[0]);
            }
            out.add(new RankedPage(p.section(), fused * weight.applyAsDouble(p.section().page()), p.relevance()));
        });
        out.sort(Comparator.comparingDouble(RankedPage::rankScore).reversed());
        return out;
    }
}
