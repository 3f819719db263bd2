package dev.docsassistant.bench;

import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.ModelGate;
import dev.docsassistant.search.QuestionVectors;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchMode;
import dev.docsassistant.search.SentenceEmbedder;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.zip.CRC32;

/**
 * Whether a hybrid search can do without the model for some questions: each question of every part is
 * searched three ways (BM25 alone; hybrid with the model's question vector; hybrid with the static
 * word-piece vector), and gates that choose per question from what the cheap rankings show are scored
 * by recall@5 / MRR@10 per corpus and part against the full hybrid ranking, with the share of questions
 * that skip the model. Thresholds are chosen on one half of the questions (split by a hash of their
 * text) and reported on the other. The server's own gate ({@link ModelGate}) is turned off here: its
 * rule is one of the rows. Run: {@code bench/run GateEval [--parts=dev,tune,aside] [--tsv]} ({@code --tsv}
 * prints one line per question for analysis elsewhere).
 */
public final class GateEval {
    private GateEval() {
    }

    /** One question's three rankings and what BM25's ranking shows. */
    record Row(String corpus, DevSet.Question q, List<String> keyword, List<String> model, List<String> cheap,
               double top, double second, double relevance, boolean half) {
        /** How far BM25's best page is ahead of its second, as the second's share of the first (lower: more decisive). */
        double closeness() {
            return top <= 0 ? 1 : second / top;
        }
    }

    /** A rule: which questions skip the model, and which ranking they get instead. */
    record Gate(String name, Predicate<Row> skips, boolean useCheap) {
        List<String> ranking(Row r) {
            return !skips.test(r) ? r.model() : useCheap ? r.cheap() : r.keyword();
        }
    }

    public static void main(String[] args) throws Exception {
        List<String> parts = DevSet.parts(args);
        SentenceEmbedder.useQuestionVectors(QuestionVectors.MODEL, SearchEval.EMBEDDINGS);
        ModelGate.useDecisiveRelevance(Double.POSITIVE_INFINITY); // the gates are simulated here, from the model's ranking
        List<Row> rows = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            LuceneSiteSearch keyword = SearchEval.open(corpus, SearchMode.KEYWORD);
            LuceneSiteSearch hybrid = SearchEval.open(corpus, SearchMode.HYBRID);
            for (DevSet.Question q : DevSet.all(corpus).stream().filter(q -> parts.contains(q.part()) && q.answerable()).toList()) {
                List<SearchHit> k = keyword.search(SearchEval.request(q, 10));
                SentenceEmbedder.useQuestionVectors(QuestionVectors.MODEL, SearchEval.EMBEDDINGS);
                List<SearchHit> m = hybrid.search(SearchEval.request(q, 10));
                SentenceEmbedder.useQuestionVectors(QuestionVectors.STATIC, SearchEval.EMBEDDINGS);
                List<SearchHit> s = hybrid.search(SearchEval.request(q, 10));
                SentenceEmbedder.useQuestionVectors(QuestionVectors.MODEL, SearchEval.EMBEDDINGS);
                CRC32 crc = new CRC32();
                crc.update(q.q().getBytes(StandardCharsets.UTF_8));
                rows.add(new Row(corpus, q, paths(k), paths(m), paths(s), k.isEmpty() ? 0 : k.get(0).score(),
                        k.size() < 2 ? 0 : k.get(1).score(), k.isEmpty() ? 0 : k.get(0).relevance(), (crc.getValue() & 1) == 0));
            }
        }
        if (List.of(args).contains("--tsv")) { // one line per question, for analysis elsewhere
            for (Row r : rows) {
                List<String> expect = r.q().expect().stream().map(DevSet::norm).toList();
                System.out.printf(Locale.ROOT, "ROW\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f\t%s\t%s\t%s%n", r.corpus(), r.q().part(),
                        r.q().kind(), r.half() ? "A" : "B", rank(expect, r.keyword()), rank(expect, r.model()), rank(expect, r.cheap()),
                        r.top(), r.second(), r.relevance(), String.join(" ", r.keyword().stream().map(DevSet::norm).toList()),
                        String.join(" ", r.model().stream().map(DevSet::norm).toList()), String.join(" ", r.cheap().stream().map(DevSet::norm).toList()));
            }
        }
        List<Gate> gates = new ArrayList<>();
        gates.add(new Gate("model always", r -> false, false));
        gates.add(new Gate("keyword always", r -> true, false));
        gates.add(new Gate("static always", r -> true, true));
        gates.add(new Gate("static when its top page = BM25's", r -> !r.cheap().isEmpty() && !r.keyword().isEmpty()
                && r.cheap().get(0).equals(r.keyword().get(0)), true));
        gates.add(new Gate("static when its top 3 = BM25's (as sets)", r -> r.cheap().size() >= 3 && r.keyword().size() >= 3
                && new java.util.HashSet<>(r.cheap().subList(0, 3)).equals(new java.util.HashSet<>(r.keyword().subList(0, 3))), true));
        gates.add(new Gate("static when its top 5 = BM25's (as sets)", r -> r.cheap().size() >= 5 && r.keyword().size() >= 5
                && new java.util.HashSet<>(r.cheap().subList(0, 5)).equals(new java.util.HashSet<>(r.keyword().subList(0, 5))), true));
        for (double relevance : new double[] {0.1, 0.12, 0.13, 0.14, 0.15, 0.16, 0.18, 0.2, 0.25}) {
            for (double close : new double[] {0.8, 0.9, 1.01}) {
                for (boolean cheap : new boolean[] {false, true}) {
                    gates.add(new Gate(String.format(Locale.ROOT, "%s when BM25 relevance >= %.1f, second/first <= %.2f",
                            cheap ? "static" : "keyword", relevance, close),
                            r -> r.relevance() >= relevance && r.closeness() <= close, cheap));
                }
            }
        }
        System.out.println("== every question (answerable), per corpus and part: r@5 / mrr@10 (skipped the model)");
        for (Gate g : gates) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-62s", g.name()));
            for (String corpus : DevSet.CORPORA) {
                for (String part : parts) {
                    line.append(cell(rows, g, r -> r.corpus().equals(corpus) && r.q().part().equals(part)));
                }
            }
            line.append(" all").append(cell(rows, g, r -> true));
            System.out.println(line);
        }
        System.out.println("== held out: thresholds chosen on one half (no question of it loses its top-5 page), scored on the other");
        for (boolean chooseOn : new boolean[] {true, false}) {
            for (boolean cheap : new boolean[] {false, true}) {
                Gate best = null;
                double bestSkip = -1;
                for (Gate g : gates.subList(6, gates.size())) {
                    if (g.useCheap() != cheap) {
                        continue;
                    }
                    List<Row> choose = rows.stream().filter(r -> r.half() == chooseOn).toList();
                    boolean loses = choose.stream().anyMatch(r -> at5(r, r.model()) && !at5(r, g.ranking(r)));
                    double skip = choose.stream().filter(g.skips()).count() / (double) choose.size();
                    if (!loses && skip > bestSkip) {
                        best = g;
                        bestSkip = skip;
                    }
                }
                if (best == null) {
                    System.out.println("half " + chooseOn + ": no " + (cheap ? "static" : "keyword") + " gate loses nothing");
                    continue;
                }
                Gate chosen = best;
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "chosen on half %s: %-62s skip %.2f there; other half:",
                        chooseOn ? "A" : "B", chosen.name(), bestSkip));
                for (String corpus : DevSet.CORPORA) {
                    for (String part : parts) {
                        line.append(cell(rows, chosen, r -> r.half() != chooseOn && r.corpus().equals(corpus) && r.q().part().equals(part)));
                        line.append(" vs").append(cell(rows, gates.get(0), r -> r.half() != chooseOn && r.corpus().equals(corpus)
                                && r.q().part().equals(part)));
                    }
                }
                System.out.println(line);
            }
        }
        System.out.println("== per kind, dev part: questions whose top-5 page the gates below lose");
        for (Row r : rows) {
            if (r.q().part().equals("dev") && at5(r, r.model()) && !at5(r, r.keyword())) {
                System.out.printf(Locale.ROOT, "%s [%s] keyword loses it: relevance %.3f, second/first %.3f, static %s%n", r.corpus(),
                        r.q().kind(), r.relevance(), r.closeness(), at5(r, r.cheap()) ? "keeps it" : "loses it too");
            }
        }
    }

    private static List<String> paths(List<SearchHit> hits) {
        return hits.stream().map(SearchHit::path).toList();
    }

    private static boolean at5(Row r, List<String> ranking) {
        List<String> expect = r.q().expect().stream().map(DevSet::norm).toList();
        return rank(expect, ranking) <= 5;
    }

    static int rank(List<String> expect, List<String> ranking) {
        List<String> pages = new ArrayList<>();
        for (String p : ranking) {
            String n = DevSet.norm(p);
            if (!pages.contains(n)) {
                pages.add(n);
            }
        }
        for (int i = 0; i < pages.size(); i++) {
            if (expect.contains(pages.get(i))) {
                return i + 1;
            }
        }
        return Integer.MAX_VALUE;
    }

    private static String cell(List<Row> rows, Gate g, Predicate<Row> in) {
        List<Row> group = rows.stream().filter(in).toList();
        if (group.isEmpty()) {
            return " -";
        }
        double r5 = 0;
        double mrr = 0;
        int skipped = 0;
        for (Row r : group) {
            int rank = rank(r.q().expect().stream().map(DevSet::norm).toList(), g.ranking(r));
            r5 += rank <= 5 ? 1 : 0;
            mrr += rank <= 10 ? 1.0 / rank : 0;
            skipped += g.skips().test(r) ? 1 : 0;
        }
        return String.format(Locale.ROOT, " %.3f/%.3f(%d%%)", r5 / group.size(), mrr / group.size(), Math.round(100.0 * skipped / group.size()));
    }
}
