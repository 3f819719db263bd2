package dev.docsassistant.bench;

import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchMode;
import dev.docsassistant.search.SearchRequest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * In-process search latency over every dev question of both corpora, warm: p50 and p99 of single
 * queries (pageSize 10, with the question's version/language filter) on one thread.
 * In hybrid mode
 * each query is embedded again every time (no query cache). Run: {@code bench/run SearchLatency [rounds [corpus|all [hybrid|keyword]]]}.
 */
public final class SearchLatency {
    private SearchLatency() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        List<String> corpora = args.length > 1 && !args[1].equals("all") ? List.of(args[1]) : DevSet.CORPORA;
        List<SearchMode> modes = args.length > 2 ? List.of(SearchMode.parse(args[2])) : List.of(SearchMode.values());
        for (SearchMode mode : modes) {
            List<LuceneSiteSearch> searches = new ArrayList<>();
            List<List<SearchRequest>> requests = new ArrayList<>();
            for (String corpus : corpora) {
                searches.add(SearchEval.open(corpus, mode));
                requests.add(DevSet.questions(corpus).stream().map(q -> SearchEval.request(q, 10)).toList());
            }
            run(searches, requests, Math.max(20, rounds / 4)); // warm-up: JIT and caches
            long[] nanos = run(searches, requests, rounds);
            Arrays.sort(nanos);
            System.out.printf(Locale.ROOT, "%s, %d queries: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms%n",
                    mode.name().toLowerCase(Locale.ROOT), nanos.length, pct(nanos, 50), pct(nanos, 90), pct(nanos, 99),
                    nanos[nanos.length - 1] / 1e6);
        }
    }

    private static long[] run(List<LuceneSiteSearch> searches, List<List<SearchRequest>> requests, int rounds) {
        int perRound = requests.stream().mapToInt(List::size).sum();
        long[] nanos = new long[rounds * perRound];
        int n = 0;
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int s = 0; s < searches.size(); s++) {
                for (SearchRequest request : requests.get(s)) {
                    long start = System.nanoTime();
                    sink += searches.get(s).search(request).size();
                    nanos[n++] = System.nanoTime() - start;
                }
            }
        }
        if (sink < 0) {
            throw new AssertionError();
        }
        return nanos;
    }

    private static double pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1e6;
    }
}
