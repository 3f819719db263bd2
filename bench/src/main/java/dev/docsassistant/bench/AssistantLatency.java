package dev.docsassistant.bench;

import dev.docsassistant.App;
import dev.docsassistant.http.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * REST v2 assistant latency over real HTTP on loopback: time to the first SSE event and to
 * {@code [DONE]}, p50/p99, each client asking the dev-set questions of both corpora in turn. Three
 * loads: one client; 50 concurrent clients that each ask again {@code think} ms after an answer ends
 * (conversations in parallel, the server below saturation); and 50 clients asking back to back,
 * which saturates the two cores and so measures throughput (latency there is queueing: clients/rate).
 * Each client keeps one HTTP/1.1 connection and reads its bytes raw ({@link SseConnection}).
 * Server and clients share this JVM and the machine's cores.
 * Run: {@code bench/run AssistantLatency [answers-per-client [think-ms]]}.
 */
public final class AssistantLatency {
    private AssistantLatency() {
    }

    record Timing(long firstEventNanos, long fullNanos) {
    }

    public static void main(String[] args) throws Exception {
        int perClient = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int thinkMs = args.length > 1 ? Integer.parseInt(args[1]) : 250;
        List<String> bodies = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            for (DevSet.Question q : DevSet.questions(corpus)) {
                bodies.add(corpus + "\n" + body(q));
            }
        }
        try (App app = BenchApps.corpora(BenchApps.UNLIMITED)) {
            WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
            ServerSetup.configure(builder, app);
            WebServer server = builder.build().start();
            try {
                Target target = new Target(server.port(), BenchApps.authorization(app), bodies);
                run(target, new Load(50, 10, 0), false); // warm-up: JIT, connections, caches
                run(target, new Load(1, 200, 0), false);
                run(target, new Load(1, perClient * 10, 0), true);
                run(target, new Load(50, perClient, thinkMs), true);
                run(target, new Load(50, perClient, 0), true);
            } finally {
                server.stop();
            }
        }
    }

    /** The server under test, the credentials and the questions ("domain\nbody") the clients take turns on. */
    record Target(int port, String authorization, List<String> bodies) {
    }

    /** How many clients ask how many questions each, pausing {@code thinkMs} after each answer. */
    record Load(int clients, int perClient, int thinkMs) {
    }

    private static void run(Target target, Load load, boolean report) throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Future<List<Timing>>> futures = new ArrayList<>();
        long start = System.nanoTime();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < load.clients(); c++) {
                long offset = load.thinkMs() == 0 ? 0 : (long) load.thinkMs() * c / load.clients();
                futures.add(pool.submit(() -> {
                    Thread.sleep(offset); // spread the paced clients over one think time
                    List<Timing> timings = new ArrayList<>();
                    try (SseConnection connection = new SseConnection("127.0.0.1", target.port())) {
                        for (int i = 0; i < load.perClient(); i++) {
                            String[] item = target.bodies().get(next.getAndIncrement() % target.bodies().size()).split("\n", 2);
                            timings.add(connection.post("/v2/assistant/" + item[0] + "/message", target.authorization(), item[1]));
                            Thread.sleep(load.thinkMs());
                        }
                    }
                    return timings;
                }));
            }
        }
        long wall = System.nanoTime() - start;
        List<Timing> all = new ArrayList<>();
        for (Future<List<Timing>> f : futures) {
            all.addAll(f.get());
        }
        if (report) {
            long[] first = all.stream().mapToLong(Timing::firstEventNanos).sorted().toArray();
            long[] full = all.stream().mapToLong(Timing::fullNanos).sorted().toArray();
            System.out.printf(Locale.ROOT, "%2d clients, think %3d ms, %5d answers: first event p50 %6.2f ms  p99 %6.2f ms"
                            + " | full answer p50 %6.2f ms  p99 %6.2f ms | %5.0f answers/s%n", load.clients(),
                    load.thinkMs(), all.size(), pct(first, 50), pct(first, 99), pct(full, 50), pct(full, 99),
                    all.size() / (wall / 1e9));
        }
    }

    private static String body(DevSet.Question q) {
        String filter = "{\"version\": %s, \"language\": %s}".formatted(quote(q.version()), quote(q.language()));
        return """
                {"fp": "bench", "retrievalPageSize": 5, "filter": %s,
                 "messages": [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": %s}]}]}"""
                .formatted(filter, quote(q.q()));
    }

    private static String quote(String s) {
        return s == null ? "null" : "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static double pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1e6;
    }

    /** Extra request headers every call carries (credentials, once the API requires them). */
    interface Headers {
        void apply(HttpRequest.Builder request);
    }
}
