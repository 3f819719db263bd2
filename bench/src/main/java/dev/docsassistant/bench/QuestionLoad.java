package dev.docsassistant.bench;

import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchMode;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SentenceEmbedder;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hybrid searches in process, under concurrency and with repeats, on one corpus (the dev and tune
 * questions; never the aside part):
 * <ul>
 *   <li><b>batching</b>: 1, 8 and 50 clients searching back to back, each question distinct (the
 *   question cache off), one model run per caller (the default) against the question batcher with
 *   2 slots and with 1: searches/s, process CPU per search and p50/p99;</li>
 *   <li><b>cache</b>: one client, a stream where no question repeats (the cache's cost only) and a
 *   stream whose repeats follow a Zipf law over a larger population of distinct questions, as query
 *   logs do: hit rate and p50 with the cache on and off.</li>
 * </ul>
 * Run: {@code bench/run QuestionLoad [seconds-per-cell [corpus [batching|cache]]]}.
 */
public final class QuestionLoad {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private QuestionLoad() {
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        String corpus = args.length > 1 ? args[1] : "mintlify";
        LuceneSiteSearch search = SearchEval.open(corpus, SearchMode.HYBRID);
        List<DevSet.Question> base = DevSet.all(corpus).stream().filter(q -> !q.part().equals("aside")).toList();
        Machine.header("question load, " + corpus + ", " + base.size() + " dev and tune questions");
        // Distinct texts: each base question with a number appended (the number is one more token).
        AtomicInteger serial = new AtomicInteger();
        java.util.function.IntFunction<SearchRequest> distinct = i -> {
            DevSet.Question q = base.get(i % base.size());
            return new SearchRequest(q.q() + " (" + i + ")", 10, 0,
                    new dev.docsassistant.search.SearchFilter(q.version(), q.language(), null, List.of()), null);
        };
        String part = args.length > 2 ? args[2] : "all";
        SentenceEmbedder.configureQuestions(1, false);
        load(search, 1, seconds, () -> distinct.apply(serial.incrementAndGet())); // warm-up
        if (part.equals("cache")) {
            cache(search, base, distinct);
            return;
        }
        System.out.println("clients | embedding | searches/s | CPU per search | p50 | p99 | embedding share of a search");
        for (int clients : new int[] {1, 8, 50}) {
            for (int round = 0; round < 2; round++) { // A B C A B C: drift from other processes falls on all
                // {slots, spread}: a batch takes queued questions of any length (spread 512), or of about the first one's (1)
                for (int[] setup : new int[][] {{64, 1}, {2, 512}, {2, 1}, {1, 1}}) {
                    int slots = setup[0];
                    SentenceEmbedder.configureQuestions(slots, setup[1], false);
                    Result r = load(search, clients, seconds, () -> distinct.apply(serial.incrementAndGet()));
                    System.out.printf(Locale.ROOT, "%d | %s | %.0f | %.2f ms | %.2f ms | %.2f ms | %.0f %%  (load %s)%n", clients,
                            slots == 64 ? "one run per caller" : "batched, " + slots + " slot" + (slots > 1 ? "s" : "")
                                    + (setup[1] > 64 ? ", any length" : ", lengths within " + setup[1]), r.perSecond(), r.cpuMsPerSearch(), r.p50(),
                            r.p99(), 100 * r.embeddingShare(), Machine.loadAverage());
                }
            }
        }
        if (part.equals("all")) {
            cache(search, base, distinct);
        }
    }

    private static void cache(LuceneSiteSearch search, List<DevSet.Question> base, java.util.function.IntFunction<SearchRequest> distinct) {
        int n = 600;
        List<SearchRequest> unique = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            unique.add(distinct.apply(1_000_000 + i));
        }
        System.out.println("stream | cache | hit rate | p50 | p90 | entries | bytes");
        for (double zipf : new double[] {0, 0.8, 1.0}) {
            List<SearchRequest> stream = zipf == 0 ? unique : zipfStream(distinct, 20_000, n, zipf, 42);
            for (boolean on : new boolean[] {false, true, false, true}) {
                SentenceEmbedder.configureQuestions(1, on);
                long[] nanos = new long[stream.size()];
                for (int i = 0; i < stream.size(); i++) {
                    long start = System.nanoTime();
                    search.search(stream.get(i));
                    nanos[i] = System.nanoTime() - start;
                }
                Arrays.sort(nanos);
                long[] stats = SentenceEmbedder.questionCacheStats();
                System.out.printf(Locale.ROOT, "%s | %s | %.1f %% | %.3f ms | %.3f ms | %d | %d  (load %s)%n",
                        zipf == 0 ? "no repeats" : "Zipf " + zipf + " over 20,000", on ? "on" : "off",
                        on ? 100.0 * stats[0] / Math.max(1, stats[0] + stats[1]) : 0.0, nanos[nanos.length / 2] / 1e6,
                        nanos[(int) (nanos.length * 0.9)] / 1e6, stats[2], stats[3], Machine.loadAverage());
            }
        }
        SentenceEmbedder.configureQuestions(0, true);
    }

    /** {@code n} requests drawn from {@code population} distinct questions, rank r with probability ∝ 1 / r^s. */
    private static List<SearchRequest> zipfStream(java.util.function.IntFunction<SearchRequest> distinct, int population, int n,
                                                  double s, long seed) {
        double[] cdf = new double[population];
        double sum = 0;
        for (int r = 0; r < population; r++) {
            sum += 1 / Math.pow(r + 1, s);
            cdf[r] = sum;
        }
        Random random = new Random(seed);
        List<SearchRequest> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double u = random.nextDouble() * sum;
            int rank = Arrays.binarySearch(cdf, u);
            rank = rank >= 0 ? rank : -rank - 1;
            out.add(distinct.apply(2_000_000 + rank));
        }
        return out;
    }

    private record Result(double perSecond, double cpuMsPerSearch, double p50, double p99, double embeddingShare) {
    }

    private static Result load(LuceneSiteSearch search, int clients, double seconds, java.util.function.Supplier<SearchRequest> next)
            throws Exception {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long cpu0 = OS.getProcessCpuTime();
        long embed0 = SentenceEmbedder.questionEmbeddingNanos();
        long start = System.nanoTime();
        List<Future<long[]>> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
            for (int c = 0; c < clients; c++) {
                results.add(pool.submit(() -> {
                    long[] nanos = new long[1 << 16];
                    int n = 0;
                    while (System.nanoTime() < end && n < nanos.length) {
                        long t = System.nanoTime();
                        search.search(next.get());
                        nanos[n++] = System.nanoTime() - t;
                    }
                    return Arrays.copyOf(nanos, n);
                }));
            }
            List<Long> all = new ArrayList<>();
            for (Future<long[]> f : results) {
                for (long v : f.get()) {
                    all.add(v);
                }
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            long cpu = OS.getProcessCpuTime() - cpu0;
            long embed = SentenceEmbedder.questionEmbeddingNanos() - embed0;
            long total = all.stream().mapToLong(Long::longValue).sum();
            long[] sorted = all.stream().mapToLong(Long::longValue).sorted().toArray();
            return new Result(sorted.length / elapsed, cpu / 1e6 / sorted.length, sorted[sorted.length / 2] / 1e6,
                    sorted[(int) (sorted.length * 0.99)] / 1e6, embed / (double) Math.max(1, total));
        }
    }
}
