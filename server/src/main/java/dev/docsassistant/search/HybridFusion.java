package dev.docsassistant.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fuses the BM25 ranking and the embedding ranking of the same query by reciprocal rank fusion:
 * a page scores {@code 1 / (K + rank)} in each ranking it appears in, summed. Ranks, not raw
 * scores, are fused because BM25 scores and cosine similarities live on unrelated scales that move
 * with query length and corpus; a page near the top of both wins, and a page that only one side
 * finds (a paraphrase with none of the page's words, an exact identifier the model has never seen)
 * still gets in.
 */
final class HybridFusion {
    /** The usual RRF constant: ranks 1 and 5 of one side differ by a few percent, so agreement of both sides decides. */
    static final double K = 60;
    /**
     * The embedding side counts half as much as BM25. all-MiniLM-L6-v2 finds what a question means
     * when it shares no word with the page, but its first hits are less often the exact page than
     * BM25's on documentation full of product terms; at equal weight a page BM25 ranks second and
     * the model first would displace BM25's first too often. Chosen on both dev corpora together
     * (a plateau: K from 30 to 60 and weights near 0.5 score alike), never per question.
     */
    static final double SEMANTIC_WEIGHT = 0.5;

    private HybridFusion() {
    }

    static List<RankedPage> fuse(List<RankedPage> keyword, List<RankedPage> semantic) {
        Map<String, Double> fused = new HashMap<>();
        Map<String, RankedPage> pages = new LinkedHashMap<>();
        add(keyword, fused, pages, 1);
        add(semantic, fused, pages, SEMANTIC_WEIGHT);
        List<RankedPage> out = new ArrayList<>(pages.values());
        out.sort(Comparator.comparingDouble((RankedPage p) -> fused.get(p.pagePath())).reversed());
        return out;
    }

    private static void add(List<RankedPage> ranking, Map<String, Double> fused, Map<String, RankedPage> pages,
                            double weight) {
        for (int rank = 1; rank <= ranking.size(); rank++) {
            RankedPage page = ranking.get(rank - 1);
            fused.merge(page.pagePath(), weight / (K + rank), Double::sum);
            pages.putIfAbsent(page.pagePath(), page); // the keyword side's section (and relevance) first
        }
    }
}
