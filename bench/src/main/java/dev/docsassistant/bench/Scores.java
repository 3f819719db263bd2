package dev.docsassistant.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** recall@k, MRR@10 and abstention over a group of questions, as the eval README defines them. */
final class Scores {
    static final int[] KS = {1, 3, 5, 10};
    private final int[] hits = new int[KS.length];
    private double reciprocalRanks;
    private int answerable;
    private int unanswerable;
    private int abstained;
    private int falseAbstentions;

    /** Adds one question's ranked result paths and whether the service abstained on it. */
    void add(DevSet.Question q, List<String> ranked, boolean abstain) {
        if (!q.answerable()) {
            unanswerable++;
            abstained += abstain ? 1 : 0;
            return;
        }
        answerable++;
        falseAbstentions += abstain ? 1 : 0;
        List<String> expect = q.expect().stream().map(DevSet::norm).toList();
        List<String> pages = new ArrayList<>();
        for (String r : ranked) {
            String p = DevSet.norm(r);
            if (!pages.contains(p)) {
                pages.add(p);
            }
        }
        int first = -1;
        for (int i = 0; i < pages.size() && first < 0; i++) {
            if (expect.contains(pages.get(i))) {
                first = i + 1;
            }
        }
        for (int k = 0; k < KS.length; k++) {
            hits[k] += first > 0 && first <= KS[k] ? 1 : 0;
        }
        reciprocalRanks += first > 0 && first <= 10 ? 1.0 / first : 0;
    }

    double recall(int k) {
        for (int i = 0; i < KS.length; i++) {
            if (KS[i] == k) {
                return answerable == 0 ? 0 : (double) hits[i] / answerable;
            }
        }
        throw new IllegalArgumentException("k=" + k);
    }

    double mrr() {
        return answerable == 0 ? 0 : reciprocalRanks / answerable;
    }

    String row(String label) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-22s n=%-3d", label, answerable + unanswerable));
        if (answerable == 0) {
            return s.append(String.format(Locale.ROOT, " abstain %d/%d", abstained, unanswerable)).toString();
        }
        for (int k : KS) {
            s.append(String.format(Locale.ROOT, " r@%-2d %.3f", k, recall(k)));
        }
        s.append(String.format(Locale.ROOT, "  mrr %.3f", answerable == 0 ? 0 : reciprocalRanks / answerable));
        if (unanswerable > 0 || falseAbstentions > 0) {
            s.append(String.format(Locale.ROOT, "  abstain %d/%d  false-abstain %d/%d",
                    abstained, unanswerable, falseAbstentions, answerable));
        }
        return s.toString();
    }
}
