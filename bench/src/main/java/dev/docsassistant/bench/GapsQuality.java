package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.insights.AnswerRecord;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.insights.GapGrouping;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.search.SentenceEmbedder;
import dev.docsassistant.store.BackgroundWrites;
import dev.docsassistant.store.Database;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * How well gaps are grouped by meaning: the labelled questions of bench/eval/gaps-labelled.jsonl (about
 * 25 topics in different wordings, with topics that share words: "rate limit of the API" and "rate my
 * docs") go through {@link GapGrouping} itself, in a shuffled arrival order, on a SQLite store, for a
 * range of thresholds; prints the adjusted Rand index, purity, groups made and how many groups mix
 * topics. Run: {@code bench/run GapsQuality [file]}.
 */
public final class GapsQuality {
    private GapsQuality() {
    }

    record Labelled(String topic, String question) {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "bench/eval/gaps-labelled.jsonl");
        ObjectMapper json = new ObjectMapper();
        List<Labelled> items = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                JsonNode n = json.readTree(line);
                items.add(new Labelled(n.get("topic").asText(), n.get("q").asText()));
            }
        }
        Collections.shuffle(items, new Random(7)); // questions arrive mixed, not topic by topic
        long t0 = System.nanoTime();
        List<float[]> vectors = SentenceEmbedder.embedAll(items.stream().map(Labelled::question).toList());
        System.out.printf(Locale.ROOT, "%d questions in %d topics, embedded in %.1f s%n", items.size(),
                items.stream().map(Labelled::topic).distinct().count(), (System.nanoTime() - t0) / 1e9);
        Map<String, float[]> byText = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            byText.put(items.get(i).question(), vectors.get(i));
        }
        System.out.println("threshold  ARI    purity  groups  mixed groups");
        for (double threshold = 0.35; threshold <= 0.751; threshold += 0.05) {
            Map<String, String> groupOf = group(items, byText, threshold);
            List<String> truth = items.stream().map(Labelled::topic).toList();
            List<String> found = items.stream().map(l -> groupOf.get(l.question())).toList();
            Map<String, Set<String>> topicsOfGroup = new HashMap<>();
            for (int i = 0; i < items.size(); i++) {
                topicsOfGroup.computeIfAbsent(found.get(i), k -> new HashSet<>()).add(truth.get(i));
            }
            long mixed = topicsOfGroup.values().stream().filter(s -> s.size() > 1).count();
            System.out.printf(Locale.ROOT, "%.2f%s     %.3f  %.3f   %3d     %d%n", threshold,
                    Math.abs(threshold - GapGrouping.THRESHOLD) < 1e-9 ? "*" : " ", adjustedRand(truth, found), purity(truth, found),
                    topicsOfGroup.size(), mixed);
            if (threshold > 0.44 && threshold < 0.56) {
                topicsOfGroup.values().stream().filter(s -> s.size() > 1).forEach(s -> System.out.println("      mixed: " + s));
            }
        }
        System.out.println("* the server's threshold (GapGrouping.THRESHOLD)");
    }

    private static Map<String, String> group(List<Labelled> items, Map<String, float[]> vectors, double threshold) throws Exception {
        Path dir = Files.createTempDirectory("docs-assistant-gaps-quality-");
        Instant at = Instant.parse("2026-11-01T00:00:00Z");
        try (Database db = Database.openSqlite(dir.resolve("store")); BackgroundWrites writes = new BackgroundWrites(db)) {
            db.transaction(c -> {
                for (int i = 0; i < items.size(); i++) {
                    InsightsLog.write(c, new AnswerRecord("m" + i, "t" + i, "docs", Channel.REST_V2, items.get(i).question(),
                            "Not covered.", List.of(), false, 1, at.plusSeconds(i)));
                }
                return null;
            });
            GapGrouping grouping = new GapGrouping(db, writes, Clock.fixed(at.plusSeconds(86_400), ZoneOffset.UTC),
                    texts -> texts.stream().map(t -> vectors.computeIfAbsent(t, SentenceEmbedder::embed)).toList(), threshold);
            grouping.runOnce();
            return db.transaction(c -> {
                Map<String, String> out = new HashMap<>();
                try (PreparedStatement ps = c.prepareStatement("SELECT text, group_id FROM gap_members"); ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), rs.getString(2));
                    }
                }
                return out;
            });
        }
    }

    /** Share of questions whose group's most common topic is theirs. */
    static double purity(List<String> truth, List<String> found) {
        Map<String, Map<String, Integer>> counts = new HashMap<>();
        for (int i = 0; i < truth.size(); i++) {
            counts.computeIfAbsent(found.get(i), k -> new HashMap<>()).merge(truth.get(i), 1, Integer::sum);
        }
        int right = counts.values().stream().mapToInt(m -> Collections.max(m.values())).sum();
        return (double) right / truth.size();
    }

    /** Hubert and Arabie's adjusted Rand index of two labellings. */
    static double adjustedRand(List<String> truth, List<String> found) {
        Map<String, Map<String, Long>> table = new HashMap<>();
        Map<String, Long> a = new HashMap<>();
        Map<String, Long> b = new HashMap<>();
        for (int i = 0; i < truth.size(); i++) {
            table.computeIfAbsent(truth.get(i), k -> new HashMap<>()).merge(found.get(i), 1L, Long::sum);
            a.merge(truth.get(i), 1L, Long::sum);
            b.merge(found.get(i), 1L, Long::sum);
        }
        double index = table.values().stream().flatMap(m -> m.values().stream()).mapToDouble(GapsQuality::pairs).sum();
        double sumA = a.values().stream().mapToDouble(GapsQuality::pairs).sum();
        double sumB = b.values().stream().mapToDouble(GapsQuality::pairs).sum();
        double expected = sumA * sumB / pairs(truth.size());
        double max = (sumA + sumB) / 2;
        return max == expected ? 1 : (index - expected) / (max - expected);
    }

    private static double pairs(long n) {
        return n * (n - 1) / 2.0;
    }
}
