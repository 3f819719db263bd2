package dev.docsassistant.bench;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.ModelGate;
import dev.docsassistant.search.QuestionReduction;
import dev.docsassistant.search.QuestionReduction.Punctuation;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchMode;
import dev.docsassistant.search.SentenceEmbedder;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.zip.CRC32;

import static dev.docsassistant.search.QuestionReduction.ARTICLES;
import static dev.docsassistant.search.QuestionReduction.AUXILIARIES;
import static dev.docsassistant.search.QuestionReduction.FUNCTION_WORDS;
import static dev.docsassistant.search.QuestionReduction.PRONOUNS;
import static dev.docsassistant.search.QuestionReduction.QUESTION_WORDS;

/**
 * What reducing an English question before the embedding model ({@link QuestionReduction}: punctuation,
 * stop words, repeats, a cap on words) costs in recall and saves in word pieces. Every answerable question
 * of every part is searched in hybrid mode once per reduction, the model for every question (the gate
 * off), and also scored as the server ranks it with {@link ModelGate}'s rule (BM25 alone when its best
 * page's relevance reaches the gate's threshold; the reduction never changes that decision, BM25 reads
 * the question as asked). recall@5 / MRR@10 per corpus and part, per kind (paraphrase, lookup) and for
 * the Chinese questions, with the mean word pieces of the English questions (MiniLM's tokenizer, [CLS]
 * and [SEP] included). Then a reduction is chosen on one half of the questions (split by a CRC32 of
 * their text, as in {@link GateEval}): the one with the fewest word pieces whose recall@5 falls on no
 * group of that half, and scored on the other half.
 * Run: {@code bench/run ReductionEval [--parts=dev,tune,aside] [--tsv]} ({@code --tsv}: each question's rank and word pieces under every rule).
 */
public final class ReductionEval {
    private ReductionEval() {
    }

    private record Row(String corpus, DevSet.Question q, List<String> keyword, double relevance, boolean halfA,
                       Map<String, List<String>> model, Map<String, Integer> tokens) {
        boolean english() {
            return q.language() == null || q.language().startsWith("en");
        }
    }

    private record Group(String name, Predicate<Row> in) {
    }

    static Map<String, QuestionReduction> rules() {
        Set<String> qa = QuestionReduction.words(QUESTION_WORDS, ARTICLES, AUXILIARIES);
        Set<String> wide = QuestionReduction.words(QUESTION_WORDS, ARTICLES, AUXILIARIES, PRONOUNS, FUNCTION_WORDS);
        Map<String, QuestionReduction> rules = new LinkedHashMap<>();
        rules.put("as asked", QuestionReduction.NONE);
        rules.put("punctuation at word edges", new QuestionReduction(Punctuation.WORD_EDGES, Set.of(), false, 0));
        rules.put("punctuation everywhere", new QuestionReduction(Punctuation.ALL, Set.of(), false, 0));
        rules.put("question words", new QuestionReduction(Punctuation.KEEP, QUESTION_WORDS, false, 0));
        rules.put("articles", new QuestionReduction(Punctuation.KEEP, ARTICLES, false, 0));
        rules.put("auxiliaries", new QuestionReduction(Punctuation.KEEP, AUXILIARIES, false, 0));
        rules.put("question words, articles, auxiliaries", new QuestionReduction(Punctuation.KEEP, qa, false, 0));
        rules.put("edges + q/art/aux", new QuestionReduction(Punctuation.WORD_EDGES, qa, false, 0));
        rules.put("edges + q/art/aux + repeats", new QuestionReduction(Punctuation.WORD_EDGES, qa, true, 0));
        rules.put("all punct + q/art/aux + repeats", new QuestionReduction(Punctuation.ALL, qa, true, 0));
        rules.put("edges + q/art/aux/pronouns/prepositions + repeats", new QuestionReduction(Punctuation.WORD_EDGES, wide, true, 0));
        rules.put("repeats", new QuestionReduction(Punctuation.KEEP, Set.of(), true, 0));
        rules.put("cap 12 words", new QuestionReduction(Punctuation.KEEP, Set.of(), false, 12));
        rules.put("cap 8 words", new QuestionReduction(Punctuation.KEEP, Set.of(), false, 8));
        rules.put("cap 10 words", new QuestionReduction(Punctuation.KEEP, Set.of(), false, 10));
        rules.put("cap 14 words", new QuestionReduction(Punctuation.KEEP, Set.of(), false, 14));
        rules.put("cap 16 words", new QuestionReduction(Punctuation.KEEP, Set.of(), false, 16));
        rules.put("q/art/aux, cap 10 (the server's)", QuestionReduction.DEFAULT);
        rules.put("q/art/aux, cap 12", new QuestionReduction(Punctuation.KEEP, qa, false, 12));
        rules.put("q/art/aux + repeats, cap 12", new QuestionReduction(Punctuation.KEEP, qa, true, 12));
        rules.put("edges + q/art/aux + repeats, cap 12", new QuestionReduction(Punctuation.WORD_EDGES, qa, true, 12));
        rules.put("edges + q/art/aux + repeats, cap 10", new QuestionReduction(Punctuation.WORD_EDGES, qa, true, 10));
        rules.put("edges + q/art/aux + repeats, cap 7", new QuestionReduction(Punctuation.WORD_EDGES, qa, true, 7));
        return rules;
    }

    public static void main(String[] args) throws Exception {
        List<String> parts = DevSet.parts(args);
        Machine.header("question reductions before the model");
        Map<String, QuestionReduction> rules = rules();
        SentenceEmbedder.configureQuestions(0, false); // every question embedded: the cache is keyed by the question as asked
        ModelGate.useDecisiveRelevance(Double.POSITIVE_INFINITY); // the gate is simulated below from BM25's relevance
        HuggingFaceTokenizer tokenizer;
        try (InputStream in = ReductionEval.class.getClassLoader().getResourceAsStream("all-minilm-l6-v2-q-tokenizer.json")) {
            tokenizer = HuggingFaceTokenizer.newInstance(in, Map.of("padding", "false"));
        }
        List<Row> rows = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            LuceneSiteSearch keyword = SearchEval.open(corpus, SearchMode.KEYWORD);
            LuceneSiteSearch hybrid = SearchEval.open(corpus, SearchMode.HYBRID);
            List<DevSet.Question> questions = DevSet.all(corpus).stream().filter(q -> parts.contains(q.part()) && q.answerable()).toList();
            List<Row> corpusRows = new ArrayList<>();
            for (DevSet.Question q : questions) {
                List<SearchHit> k = keyword.search(SearchEval.request(q, 10));
                CRC32 crc = new CRC32();
                crc.update(q.q().getBytes(StandardCharsets.UTF_8));
                corpusRows.add(new Row(corpus, q, k.stream().map(SearchHit::path).toList(), k.isEmpty() ? 0 : k.get(0).relevance(),
                        (crc.getValue() & 1) == 0, new LinkedHashMap<>(), new LinkedHashMap<>()));
            }
            for (Map.Entry<String, QuestionReduction> rule : rules.entrySet()) {
                SentenceEmbedder.reduceQuestions(rule.getValue());
                for (Row r : corpusRows) {
                    r.model().put(rule.getKey(), hybrid.search(SearchEval.request(r.q(), 10)).stream().map(SearchHit::path).toList());
                    r.tokens().put(rule.getKey(), tokenizer.encode(rule.getValue().apply(r.q().q())).getIds().length);
                }
            }
            rows.addAll(corpusRows);
        }
        SentenceEmbedder.reduceQuestions(QuestionReduction.NONE);
        List<Group> groups = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            for (String part : parts) {
                groups.add(new Group(corpus + " " + part, r -> r.corpus().equals(corpus) && r.q().part().equals(part)));
            }
            for (String kind : List.of("paraphrase", "lookup")) {
                groups.add(new Group(corpus + " " + kind, r -> r.corpus().equals(corpus) && r.q().kind().equals(kind)));
            }
        }
        groups.add(new Group("mintlify zh", r -> r.corpus().equals("mintlify") && r.q().language() != null && r.q().language().startsWith("zh")));
        groups.add(new Group("all", r -> true));
        String header = groups.stream().map(g -> String.format(Locale.ROOT, " | %s (%d)", g.name(), rows.stream().filter(g.in()).count()))
                .reduce("", String::concat);
        for (boolean gated : new boolean[] {false, true}) {
            System.out.println("== " + (gated ? "as the server ranks (BM25 alone when its relevance >= " + ModelGate.DEFAULT_DECISIVE_RELEVANCE + ")"
                    : "the model for every question") + ": r@5/mrr@10 (change in r@5); English word pieces per question, mean");
            System.out.println("rule | pieces" + header);
            for (String rule : rules.keySet()) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s | %.1f", rule, pieces(rows, rule)));
                for (Group g : groups) {
                    line.append(" |").append(cell(rows, rule, gated, g.in()));
                }
                System.out.println(line);
            }
        }
        System.out.println("== held out: on one half, the rule with the fewest pieces whose r@5 falls on no group (the model for every question); scored on the other half");
        for (boolean chooseA : new boolean[] {true, false}) {
            String best = null;
            for (String rule : rules.keySet()) {
                boolean holds = groups.stream().allMatch(g -> recall5(rows, rule, false, r -> r.halfA() == chooseA && g.in().test(r))
                        >= recall5(rows, "as asked", false, r -> r.halfA() == chooseA && g.in().test(r)) - 1e-9);
                if (holds && (best == null || pieces(rows, rule) < pieces(rows, best))) {
                    best = rule;
                }
            }
            String chosen = best;
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "chosen on half %s: %s (%.1f pieces); other half, rule vs as asked:",
                    chooseA ? "A" : "B", chosen, pieces(rows, chosen)));
            for (Group g : groups) {
                Predicate<Row> other = r -> r.halfA() != chooseA && g.in().test(r);
                line.append(" | ").append(g.name()).append(cell(rows, chosen, false, other)).append(" vs").append(cell(rows, "as asked", false, other));
            }
            System.out.println(line);
        }
        System.out.println("== questions whose top-5 page a rule loses or gains (the model for every question), dev and tune parts only");
        for (String rule : rules.keySet()) {
            for (Row r : rows) {
                if (r.q().part().equals("aside")) {
                    continue; // the aside part is scored, never looked at
                }
                boolean before = rank(r, "as asked") <= 5;
                boolean after = rank(r, rule) <= 5;
                if (before != after) {
                    System.out.printf(Locale.ROOT, "%s: %s %s [%s %s] -> %s%n", rule, after ? "gains" : "loses", r.corpus(), r.q().part(),
                            r.q().kind(), r.q().q());
                }
            }
        }
        if (List.of(args).contains("--tsv")) { // one line per question: its rank under every rule, for analysis elsewhere
            System.out.println("RANKS\tcorpus\tpart\tkind\tlanguage\thalf\trelevance\t" + String.join("\t", rules.keySet()));
            for (Row r : rows) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "RANKS\t%s\t%s\t%s\t%s\t%s\t%.4f", r.corpus(), r.q().part(),
                        r.q().kind(), r.q().language() == null ? "en" : r.q().language(), r.halfA() ? "A" : "B", r.relevance()));
                for (String rule : rules.keySet()) {
                    line.append('\t').append(rank(r, rule) > 10 ? 99 : rank(r, rule)).append(':').append(r.tokens().get(rule));
                }
                System.out.println(line);
            }
        }
        System.out.println("model gate: " + ModelGate.counts()[1] + " hybrid searches went to the model (the gate off here)");
    }

    private static double pieces(List<Row> rows, String rule) {
        return rows.stream().filter(Row::english).mapToInt(r -> r.tokens().get(rule)).average().orElse(0);
    }

    private static int rank(Row r, String rule) {
        return GateEval.rank(r.q().expect().stream().map(DevSet::norm).toList(), r.model().get(rule));
    }

    private static List<String> ranking(Row r, String rule, boolean gated) {
        return gated && r.relevance() >= ModelGate.DEFAULT_DECISIVE_RELEVANCE ? r.keyword() : r.model().get(rule);
    }

    private static double recall5(List<Row> rows, String rule, boolean gated, Predicate<Row> in) {
        List<Row> group = rows.stream().filter(in).toList();
        return group.stream().filter(r -> GateEval.rank(r.q().expect().stream().map(DevSet::norm).toList(), ranking(r, rule, gated)) <= 5)
                .count() / (double) Math.max(1, group.size());
    }

    private static String cell(List<Row> rows, String rule, boolean gated, Predicate<Row> in) {
        List<Row> group = rows.stream().filter(in).toList();
        if (group.isEmpty()) {
            return " -";
        }
        double r5 = 0;
        double mrr = 0;
        for (Row r : group) {
            int rank = GateEval.rank(r.q().expect().stream().map(DevSet::norm).toList(), ranking(r, rule, gated));
            r5 += rank <= 5 ? 1 : 0;
            mrr += rank <= 10 ? 1.0 / rank : 0;
        }
        double base = recall5(rows, "as asked", gated, in);
        double change = r5 / group.size() - base;
        return String.format(Locale.ROOT, " %.3f/%.3f%s", r5 / group.size(), mrr / group.size(),
                Math.abs(change) < 1e-9 ? "" : String.format(Locale.ROOT, " (%+.3f)", change));
    }
}
