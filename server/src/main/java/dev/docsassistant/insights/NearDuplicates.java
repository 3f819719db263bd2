package dev.docsassistant.insights;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Merges groups of questions whose {@link QuestionKey} words mostly overlap ("rotate api key" and
 * "rotate api key expire"): two keys are near-duplicates when they share at least {@link #SIMILARITY}
 * of their combined words (Jaccard). Each group joins the largest earlier group it is near to, so the
 * most asked wording leads.
 */
final class NearDuplicates {
    static final double SIMILARITY = 0.6;
    private static final int VARIANTS_SHOWN = 3;

    /** Questions with one exact key: how many, one wording, when last asked. */
    record KeyCount(String key, long count, String example, Instant lastAsked) {
    }

    private NearDuplicates() {
    }

    /** {@code counts} most asked first; returns the merged groups, most asked first. */
    static List<InsightsReport.QuestionGroup> merge(List<KeyCount> counts, int limit) {
        List<Builder> groups = new ArrayList<>();
        // Groups by the words of their lead key: only groups sharing a word can be near, so only those are compared.
        Map<String, List<Integer>> byTerm = new HashMap<>();
        for (KeyCount kc : counts) {
            Set<String> terms = new HashSet<>(List.of(kc.key().split(" ")));
            TreeSet<Integer> candidates = new TreeSet<>();
            terms.forEach(t -> candidates.addAll(byTerm.getOrDefault(t, List.of())));
            Builder home = null;
            for (int index : candidates) { // the earliest (most asked) near group wins
                if (jaccard(groups.get(index).terms, terms) >= SIMILARITY) {
                    home = groups.get(index);
                    break;
                }
            }
            if (home == null) {
                home = new Builder(terms);
                int index = groups.size();
                groups.add(home);
                terms.forEach(t -> byTerm.computeIfAbsent(t, k -> new ArrayList<>()).add(index));
            }
            home.add(kc);
        }
        return groups.stream().map(Builder::build)
                .sorted(Comparator.comparingLong(InsightsReport.QuestionGroup::count).reversed()
                        .thenComparing(InsightsReport.QuestionGroup::lastAsked, Comparator.reverseOrder()))
                .limit(limit).toList();
    }

    static double jaccard(Set<String> a, Set<String> b) {
        int shared = 0;
        for (String t : a) {
            if (b.contains(t)) {
                shared++;
            }
        }
        int union = a.size() + b.size() - shared;
        return union == 0 ? 1 : (double) shared / union;
    }

    private static final class Builder {
        /** The words of the group's first (most asked) key: later keys are compared with it. */
        final Set<String> terms;
        final List<String> variants = new ArrayList<>();
        long count;
        Instant last = Instant.EPOCH;

        Builder(Set<String> terms) {
            this.terms = terms;
        }

        void add(KeyCount kc) {
            count += kc.count();
            if (variants.size() < VARIANTS_SHOWN) {
                variants.add(kc.example());
            }
            if (kc.lastAsked().isAfter(last)) {
                last = kc.lastAsked();
            }
        }

        InsightsReport.QuestionGroup build() {
            return new InsightsReport.QuestionGroup(count, List.copyOf(variants), last);
        }
    }
}
