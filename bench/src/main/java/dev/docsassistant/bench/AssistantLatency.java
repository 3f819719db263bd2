package dev.docsassistant.bench;

import dev.docsassistant.App;
import dev.docsassistant.http.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .executor(Executors.newVirtualThreadPerTaskExecutor()).build()) {
                String base = "http://127.0.0.1:" + server.port();
                Headers headers = BenchApps.apiHeaders(app);
                run(client, base, headers, bodies, new Load(50, 10, 0), false); // warm-up: JIT, connections, caches
                run(client, base, headers, bodies, new Load(1, 200, 0), false);
                run(client, base, headers, bodies, new Load(1, perClient * 10, 0), true);
                run(client, base, headers, bodies, new Load(50, perClient, thinkMs), true);
                run(client, base, headers, bodies, new Load(50, perClient, 0), true);
            } finally {
                server.stop();
            }
        }
    }

    /** How many clients ask how many questions each, pausing {@code thinkMs} after each answer. */
    record Load(int clients, int perClient, int thinkMs) {
    }

    private static void run(HttpClient client, String base, Headers headers, List<String> bodies, Load load,
                            boolean report) throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<Future<List<Timing>>> futures = new ArrayList<>();
        long start = System.nanoTime();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < load.clients(); c++) {
                long offset = load.thinkMs() == 0 ? 0 : (long) load.thinkMs() * c / load.clients();
                futures.add(pool.submit(() -> {
                    Thread.sleep(offset); // spread the paced clients over one think time
                    List<Timing> timings = new ArrayList<>();
                    for (int i = 0; i < load.perClient(); i++) {
                        String[] item = bodies.get(next.getAndIncrement() % bodies.size()).split("\n", 2);
                        timings.add(ask(client, base + "/v2/assistant/" + item[0] + "/message", headers, item[1]));
                        Thread.sleep(load.thinkMs());
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
                    load.thinkMs(), all.size(),
                    pct(first, 50), pct(first, 99), pct(full, 50), pct(full, 99), all.size() / (wall / 1e9));
        }
    }

    /** One answer: the time until the first {@code data:} event, and until {@code data: [DONE]}. */
    private static Timing ask(HttpClient client, String url, Headers headers, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.apply(request);
        long start = System.nanoTime();
        HttpResponse<InputStream> res = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        if (res.statusCode() != 200) {
            throw new IllegalStateException(url + " answered " + res.statusCode() + ": " + new String(res.body().readAllBytes()));
        }
        long first = -1;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(res.body(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (first < 0 && line.startsWith("data: ")) {
                    first = System.nanoTime() - start;
                }
                if (line.equals("data: [DONE]")) {
                    return new Timing(first, System.nanoTime() - start);
                }
            }
        }
        throw new IllegalStateException(url + ": the stream ended without [DONE]");
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
