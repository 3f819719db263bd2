package dev.docsassistant.bench;

import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.ModelGate;
import dev.docsassistant.search.SearchMode;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SentenceEmbedder;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a search's CPU goes, in process on one thread: every dev question of both corpora (pageSize 5 as {@code NodePeer} asks, its
 * version/language filter), warm, CPU time of the searching thread per search in three set-ups that differ by
 * one part each:
 * <ol>
 *   <li>keyword: the keyword index (BM25 and the page ranking);</li>
 *   <li>hybrid, vectors cached: the hybrid index with every question's vector already in the question cache,
 *       so the model never runs (BM25, the gate, the vector search and the fusion);</li>
 *   <li>hybrid: the question cache off, as the server under a load that repeats no question (all of it).</li>
 * </ol>
 * The model's run is 3 minus 2; the vector search and fusion are 2 minus 1 (a profile splits them further). Run:
 * {@code bench/run SearchCpu [rounds]} (default 5 rounds of every question per run, five runs of each set-up).
 */
public final class SearchCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SearchCpu() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Machine.header("search CPU per phase");
        List<SearchRequest> requests = new ArrayList<>();
        List<Integer> corpusOf = new ArrayList<>();
        List<LuceneSiteSearch> keyword = new ArrayList<>();
        List<LuceneSiteSearch> hybrid = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            keyword.add(SearchEval.open(corpus, SearchMode.KEYWORD));
            hybrid.add(SearchEval.open(corpus, SearchMode.HYBRID));
            for (DevSet.Question q : DevSet.questions(corpus)) {
                requests.add(SearchEval.request(q, 5)); // as NodePeer searches
                corpusOf.add(keyword.size() - 1);
            }
        }
        System.out.printf(Locale.ROOT, "%d questions, %d rounds each, one thread%n", requests.size(), rounds);

        // Warm every path first (the JIT), then measure the three set-ups in turn, several times: the median of each.
        for (int i = 0; i < 2; i++) {
            keywordRun(keyword, requests, corpusOf, rounds);
            cachedRun(hybrid, requests, corpusOf, rounds);
            hybridRun(hybrid, requests, corpusOf, rounds);
        }
        int repeats = 5;
        double[][] ms = new double[3][repeats];
        for (int i = 0; i < repeats; i++) {
            ms[0][i] = keywordRun(keyword, requests, corpusOf, rounds);
            ms[1][i] = cachedRun(hybrid, requests, corpusOf, rounds);
            ModelGate.useDecisiveRelevance(ModelGate.DEFAULT_DECISIVE_RELEVANCE); // counts this run's questions
            ms[2][i] = hybridRun(hybrid, requests, corpusOf, rounds);
        }
        long[] gate = ModelGate.counts();
        for (double[] m : ms) {
            java.util.Arrays.sort(m);
        }
        System.out.printf(Locale.ROOT, "runs of each set-up, ms per search: keyword %s | cached %s | hybrid %s%n",
                java.util.Arrays.toString(ms[0]), java.util.Arrays.toString(ms[1]), java.util.Arrays.toString(ms[2]));
        double keywordMs = ms[0][repeats / 2];
        double cachedMs = ms[1][repeats / 2];
        double hybridMs = ms[2][repeats / 2];
        double embeddedShare = gate[1] / (double) (gate[0] + gate[1]);

        System.out.println("the model's run per question, by model (every question, the gate aside):");
        modelCpu(requests, rounds);
        System.out.printf(Locale.ROOT, "model gate: %.0f %% of hybrid questions went on to the model%n", 100 * embeddedShare);
        System.out.printf(Locale.ROOT, "CPU per search, ms: keyword %.3f | hybrid, vectors cached %.3f | hybrid %.3f%n",
                keywordMs, cachedMs, hybridMs);
        System.out.printf(Locale.ROOT, "  BM25 and ranking (keyword)              %.3f ms per search%n", keywordMs);
        System.out.printf(Locale.ROOT, "  vector search and fusion                %.3f ms per search, %.3f per embedded question%n",
                cachedMs - keywordMs, (cachedMs - keywordMs) / embeddedShare);
        System.out.printf(Locale.ROOT, "  the model's run (tokenizer, ONNX, pool) %.3f ms per search, %.3f per embedded question%n",
                hybridMs - cachedMs, (hybridMs - cachedMs) / embeddedShare);
    }

    private static double keywordRun(List<LuceneSiteSearch> searches, List<SearchRequest> requests, List<Integer> corpusOf, int rounds) {
        SentenceEmbedder.configureQuestions(1, false);
        return measure(searches, requests, corpusOf, rounds);
    }

    /** Every question's vector in the cache (one unmeasured round puts them there): the model never runs. */
    private static double cachedRun(List<LuceneSiteSearch> searches, List<SearchRequest> requests, List<Integer> corpusOf, int rounds) {
        SentenceEmbedder.configureQuestions(1, true);
        run(searches, requests, corpusOf, 1);
        return measure(searches, requests, corpusOf, rounds);
    }

    private static double hybridRun(List<LuceneSiteSearch> searches, List<SearchRequest> requests, List<Integer> corpusOf, int rounds) {
        SentenceEmbedder.configureQuestions(1, false);
        return measure(searches, requests, corpusOf, rounds);
    }

    /** The model's CPU per question alone (the question cache off), by model: every question, the gate aside. */
    private static void modelCpu(List<SearchRequest> requests, int rounds) {
        SentenceEmbedder.configureQuestions(1, false);
        java.util.Map<String, double[]> byModel = new java.util.TreeMap<>();
        for (int r = 0; r < rounds + 1; r++) {
            for (SearchRequest request : requests) {
                var model = SentenceEmbedder.modelFor(request.filter().language());
                if (model.isEmpty()) {
                    continue;
                }
                long start = THREADS.getCurrentThreadCpuTime();
                SentenceEmbedder.embedQuery(model.get(), request.query());
                long cpu = THREADS.getCurrentThreadCpuTime() - start;
                if (r > 0) { // the first round warms
                    double[] sum = byModel.computeIfAbsent(model.get().id(), k -> new double[2]);
                    sum[0] += cpu / 1e6;
                    sum[1]++;
                }
            }
        }
        byModel.forEach((model, sum) -> System.out.printf(Locale.ROOT, "  %s: %.0f questions, %.3f ms CPU per question alone%n",
                model, sum[1] / rounds, sum[0] / sum[1]));
    }

    /** Mean CPU milliseconds of the searching thread per search over {@code rounds} of every request. */
    private static double measure(List<LuceneSiteSearch> searches, List<SearchRequest> requests, List<Integer> corpusOf, int rounds) {
        long start = THREADS.getCurrentThreadCpuTime();
        run(searches, requests, corpusOf, rounds);
        return (THREADS.getCurrentThreadCpuTime() - start) / 1e6 / rounds / requests.size();
    }

    private static void run(List<LuceneSiteSearch> searches, List<SearchRequest> requests, List<Integer> corpusOf, int rounds) {
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < requests.size(); i++) {
                sink += searches.get(corpusOf.get(i)).search(requests.get(i)).size();
            }
        }
        if (sink < 0) {
            throw new AssertionError();
        }
    }
}
