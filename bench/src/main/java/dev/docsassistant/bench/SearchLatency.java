package dev.docsassistant.bench;

import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchMode;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SentenceEmbedder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * In-process search latency over every dev question of both corpora, warm: p50 and p99 of single
 * queries (pageSize 10, with the question's version/language filter) on one thread.
 * In hybrid mode
 * each query is embedded again every time (the question cache is turned off: the bench repeats its
 * questions, a log does not; see {@code QuestionLoad} for the cache), and the time spent embedding the
 * question is reported apart from the rest of the search. Run: {@code bench/run SearchLatency [rounds [corpus|all [hybrid|keyword]]]}.
 */
public final class SearchLatency {
    private SearchLatency() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        List<String> corpora = args.length > 1 && !args[1].equals("all") ? List.of(args[1]) : DevSet.CORPORA;
        List<SearchMode> modes = args.length > 2 ? List.of(SearchMode.parse(args[2])) : List.of(SearchMode.values());
        SentenceEmbedder.configureQuestions(1, false);
        Machine.header("search latency");
        for (SearchMode mode : modes) {
            List<LuceneSiteSearch> searches = new ArrayList<>();
            List<List<SearchRequest>> requests = new ArrayList<>();
            for (String corpus : corpora) {
                searches.add(SearchEval.open(corpus, mode));
                requests.add(DevSet.questions(corpus).stream().map(q -> SearchEval.request(q, 10)).toList());
            }
            run(searches, requests, Math.max(20, rounds / 4)); // warm-up: JIT and caches
            long[][] measured = run(searches, requests, rounds);
            long[] nanos = measured[0];
            long[] embedding = measured[1];
            long[] rest = new long[nanos.length];
            for (int i = 0; i < nanos.length; i++) {
                rest[i] = nanos[i] - embedding[i];
            }
            Arrays.sort(nanos);
            Arrays.sort(embedding);
            Arrays.sort(rest);
            System.out.printf(Locale.ROOT, "%s, %d queries: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms%n",
                    mode.name().toLowerCase(Locale.ROOT), nanos.length, pct(nanos, 50), pct(nanos, 90), pct(nanos, 99),
                    nanos[nanos.length - 1] / 1e6);
            if (embedding[embedding.length - 1] > 0) {
                System.out.printf(Locale.ROOT, "  the question's embedding: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms; the rest of the search: "
                        + "p50 %.3f ms, p90 %.3f ms, p99 %.3f ms%n", pct(embedding, 50), pct(embedding, 90), pct(embedding, 99),
                        pct(rest, 50), pct(rest, 90), pct(rest, 99));
            }
        }
    }

    /** Each search's time and the part of it spent embedding the question (0 when it was not embedded). */
    private static long[][] run(List<LuceneSiteSearch> searches, List<List<SearchRequest>> requests, int rounds) {
        int perRound = requests.stream().mapToInt(List::size).sum();
        long[] nanos = new long[rounds * perRound];
        long[] embedding = new long[rounds * perRound];
        int n = 0;
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int s = 0; s < searches.size(); s++) {
                for (SearchRequest request : requests.get(s)) {
                    long embedded = SentenceEmbedder.questionEmbeddingNanos();
                    long start = System.nanoTime();
                    sink += searches.get(s).search(request).size();
                    nanos[n] = System.nanoTime() - start;
                    embedding[n++] = SentenceEmbedder.questionEmbeddingNanos() - embedded;
                }
            }
        }
        if (sink < 0) {
            throw new AssertionError();
        }
        return new long[][] {nanos, embedding};
    }

    private static double pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1e6;
    }
}
