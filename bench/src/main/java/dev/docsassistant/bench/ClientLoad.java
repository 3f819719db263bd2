package dev.docsassistant.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A load of concurrent clients: {@code clients} of them ask {@code perClient} questions each,
 * pausing {@code thinkMs} after each answer (paced clients start spread over one think time); the
 * questions are taken in turn from one shared counter.
 */
record ClientLoad(int clients, int perClient, int thinkMs) {

    /** One client's way of asking: question number {@code n} (to be taken modulo the question count). */
    interface Session<T> extends AutoCloseable {
        T ask(int n) throws Exception;

        @Override
        default void close() throws Exception {
        }
    }

    /** Opens client number {@code client}'s session (its connection, its stub). */
    interface Sessions<T> {
        Session<T> open(int client) throws Exception;
    }

    /** Every answer's result and the wall time the load took. */
    record Result<T>(List<T> results, double seconds) {
        double perSecond() {
            return results.size() / seconds;
        }
    }

    <T> Result<T> run(Sessions<T> sessions) throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Future<List<T>>> futures = new ArrayList<>();
        long start = System.nanoTime();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < clients; c++) {
                int client = c;
                long offset = thinkMs == 0 ? 0 : (long) thinkMs * c / clients;
                futures.add(pool.submit(() -> {
                    Thread.sleep(offset);
                    List<T> results = new ArrayList<>();
                    try (Session<T> session = sessions.open(client)) {
                        for (int i = 0; i < perClient; i++) {
                            results.add(session.ask(next.getAndIncrement()));
                            Thread.sleep(thinkMs);
                        }
                    }
                    return results;
                }));
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<T> all = new ArrayList<>();
        for (Future<List<T>> f : futures) {
            all.addAll(f.get());
        }
        return new Result<>(all, seconds);
    }

    /** The {@code p}th percentile of sorted nanoseconds, in milliseconds. */
    static double millisAt(long[] sortedNanos, int p) {
        return sortedNanos[Math.min(sortedNanos.length - 1, (int) Math.ceil(p / 100.0 * sortedNanos.length) - 1)] / 1e6;
    }

    /** A REST v2 request body asking {@code text}, with the question's version/language as the filter. */
    static String v2Body(String text, String version, String language) {
        String filter = "{\"version\": %s, \"language\": %s}".formatted(quote(version), quote(language));
        return """
                {"fp": "bench", "retrievalPageSize": 5, "filter": %s,
                 "messages": [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": %s}]}]}"""
                .formatted(filter, quote(text));
    }

    private static String quote(String s) {
        return s == null ? "null" : "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
