package dev.docsassistant.search;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Whether a hybrid query needs the embedding model. BM25 runs first; when its best page already holds a
 * large share of the best conceivable match for the question (its relevance, {@link RankedPage#relevance}),
 * the question's own words are on that page and the model seldom changes the first five results, so the
 * question is ranked by BM25 alone and the model run (about 4 ms of CPU per question on a 2-core AVX2
 * machine, most of a hybrid search) is skipped. The threshold was chosen on the dev sets by measurement,
 * never per question, with a held-out check (bench/RESULTS.md, "Skipping the model when BM25 is
 * decisive"): at 0.20 about 30 % of the questions skip the model and recall@5 holds on every part;
 * lower thresholds skip more and lose pages on the held-back parts.
 */
public final class ModelGate {
    /** BM25 relevance of the best page from which the model is skipped. */
    public static final double DEFAULT_DECISIVE_RELEVANCE = 0.20;
    private static volatile double decisiveRelevance = DEFAULT_DECISIVE_RELEVANCE;
    private static final LongAdder SKIPPED = new LongAdder();
    private static final LongAdder EMBEDDED = new LongAdder();

    private ModelGate() {
    }

    /**
     * For benches: the relevance from which BM25 alone answers from now on ({@link Double#POSITIVE_INFINITY}: the
     * model for every question, as before the gate); resets the counts.
     */
    public static void useDecisiveRelevance(double relevance) {
        if (!(relevance > 0)) {
            throw new IllegalArgumentException("the decisive relevance must be above 0, not " + relevance);
        }
        decisiveRelevance = relevance;
        SKIPPED.reset();
        EMBEDDED.reset();
    }

    /** Whether {@code keyword}, BM25's ranking best first, is decisive enough to answer without the model; counted. */
    static boolean decisive(List<RankedPage> keyword) {
        boolean decisive = !keyword.isEmpty() && keyword.getFirst().relevance() >= decisiveRelevance;
        (decisive ? SKIPPED : EMBEDDED).increment();
        return decisive;
    }

    /** For benches: hybrid queries answered by BM25 alone, and those that went on to the model, since the last reset. */
    public static long[] counts() {
        return new long[] {SKIPPED.sum(), EMBEDDED.sum()};
    }
}
