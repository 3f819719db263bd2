package dev.docsassistant.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How much a few pages crowd the top 3 of questions they do not answer: the long, generic hub
 * pages that match everything. Counts, per page, the questions (answerable or not) in whose top 3
 * it stands without being expected; a page doing that for 3 or more questions is a crowder.
 */
final class Crowding {
    private static final int CROWDER = 3;
    private final Map<String, Integer> unrelatedTop3 = new HashMap<>();
    private int questions;

    void add(DevSet.Question q, List<String> ranked) {
        questions++;
        List<String> expect = q.expect().stream().map(DevSet::norm).toList();
        ranked.stream().map(DevSet::norm).distinct().limit(3).filter(p -> !expect.contains(p))
                .forEach(p -> unrelatedTop3.merge(p, 1, Integer::sum));
    }

    String summary() {
        Map<String, Integer> crowders = unrelatedTop3.entrySet().stream().filter(e -> e.getValue() >= CROWDER)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        int slots = crowders.values().stream().mapToInt(Integer::intValue).sum();
        String worst = crowders.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .limit(4).map(e -> e.getKey() + " ×" + e.getValue()).collect(Collectors.joining(", "));
        return String.format("crowding: %d pages are an unrelated top-3 result of >= %d of %d questions, "
                + "taking %d top-3 slots%s", crowders.size(), CROWDER, questions, slots, worst.isEmpty() ? "" : ": " + worst);
    }
}
