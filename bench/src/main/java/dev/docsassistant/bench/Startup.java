package dev.docsassistant.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A restart of {@code bin/docs-assistant serve} on both shared corpora whose indexes exist already, with
 * and without the launcher's AOT cache: the time from starting the launcher to its {@code listening}
 * line, then to readiness ({@code /observe/health/ready} 200), then the latency of the first 1,000
 * {@code /v1/search} requests over HTTP (one client, the dev questions of both corpora cycled) against
 * the 1,000 after them. The indexes and a key live in {@code bench/target/startup}; the first run builds
 * them (with the shared embedding cache) before measuring.
 * Run: {@code bench/run Startup [rounds]} (each round starts the server once per mode).
 */
public final class Startup {
    private static final Pattern LISTENING = Pattern.compile("listening on http://[^:]+:(\\d+)");
    private static final int REQUESTS = 1000;

    private Startup() {
    }

    /** A started server: its port and the nanoseconds from starting the launcher to its {@code listening} line. */
    record Started(Process process, int port, long listeningNanos) {
    }

    /** One search request: the path (site included) and the JSON body. */
    private record Search(String path, String body) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        Path dir = Path.of("bench", "target", "startup").toAbsolutePath();
        Files.createDirectories(dir);
        Path config = dir.resolve("application.yaml");
        Files.writeString(config, BenchApps.corporaYaml(BenchApps.UNLIMITED));
        Path keyFile = dir.resolve("key");
        if (!Files.exists(keyFile)) {
            Files.writeString(keyFile, Launcher.createKey(config));
        }
        String authorization = "Bearer " + Files.readString(keyFile).strip();
        List<Search> searches = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            for (DevSet.Question q : DevSet.questions(corpus)) {
                searches.add(new Search("/v1/search/" + corpus, searchBody(q)));
            }
        }
        System.out.println("indexes: " + dir.resolve("data") + "; " + searches.size() + " distinct searches cycled");
        Started indexing = start(config, true); // builds the indexes on the first run; every measured start reuses them
        try {
            awaitReady(HttpClient.newHttpClient(), "http://127.0.0.1:" + indexing.port());
        } finally {
            stop(indexing);
        }
        for (int round = 0; round < rounds; round++) {
            for (boolean aot : new boolean[] {false, true}) {
                measure(config, aot, searches, authorization);
            }
        }
    }

    private static void measure(Path config, boolean aot, List<Search> searches, String authorization) throws Exception {
        long begin = System.nanoTime();
        Started serve = start(config, aot);
        try {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            String base = "http://127.0.0.1:" + serve.port();
            awaitReady(client, base);
            long readyNanos = System.nanoTime() - begin;
            long[] first = searchTimes(client, base, authorization, searches, 0);
            long[] warm = searchTimes(client, base, authorization, searches, REQUESTS);
            double load = Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
            System.out.printf(Locale.ROOT, "%-13s listening %5.2f s, ready %5.2f s | first 1,000 searches p50 %6.2f ms p99 %7.2f ms"
                            + " mean %6.2f ms | next 1,000 p50 %5.2f ms p99 %6.2f ms mean %5.2f ms | first/warm p50 %4.1fx"
                            + " mean %4.1fx | load %.1f%n",
                    aot ? "AOT cache" : "no AOT cache", serve.listeningNanos() / 1e9, readyNanos / 1e9,
                    ClientLoad.millisAt(first, 50), ClientLoad.millisAt(first, 99), mean(first),
                    ClientLoad.millisAt(warm, 50), ClientLoad.millisAt(warm, 99), mean(warm),
                    ClientLoad.millisAt(first, 50) / ClientLoad.millisAt(warm, 50), mean(first) / mean(warm), load);
        } finally {
            stop(serve);
        }
    }

    /** {@link #REQUESTS} searches one after another, from the {@code offset}th question on; sorted nanoseconds. */
    private static long[] searchTimes(HttpClient client, String base, String authorization, List<Search> searches, int offset) throws Exception {
        long[] nanos = new long[REQUESTS];
        for (int i = 0; i < REQUESTS; i++) {
            Search search = searches.get((offset + i) % searches.size());
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + search.path()))
                    .header("content-type", "application/json").header("authorization", authorization)
                    .POST(HttpRequest.BodyPublishers.ofString(search.body())).build();
            long start = System.nanoTime();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            nanos[i] = System.nanoTime() - start;
            if (response.statusCode() != 200) {
                throw new IllegalStateException("search answered " + response.statusCode() + ": " + response.body());
            }
        }
        Arrays.sort(nanos);
        return nanos;
    }

    private static double mean(long[] nanos) {
        return Arrays.stream(nanos).average().orElse(0) / 1e6;
    }

    private static String searchBody(DevSet.Question q) {
        return """
                {"query": %s, "pageSize": 5, "filter": {"version": %s, "language": %s}}"""
                .formatted(quote(q.q()), quote(q.version()), quote(q.language()));
    }

    private static String quote(String s) {
        return s == null ? "null" : "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Starts the launcher (the AOT cache on or off) and waits for its {@code listening} line. */
    private static Started start(Path config, boolean aot) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Launcher.path(), "serve", "--config", config.toString(), "--port", "0")
                .redirectErrorStream(true);
        builder.environment().put("DOCS_ASSISTANT_AOT", aot ? "1" : "0");
        long begin = System.nanoTime();
        Process process = builder.start();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        long[] listening = new long[1];
        StringBuilder out = new StringBuilder();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    Matcher m = LISTENING.matcher(line);
                    if (m.find() && !port.isDone()) {
                        listening[0] = System.nanoTime();
                        port.complete(Integer.parseInt(m.group(1)));
                    }
                    synchronized (out) {
                        out.append(line).append('\n');
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
            synchronized (out) {
                port.completeExceptionally(new IllegalStateException("serve exited before listening:\n" + out));
            }
        });
        int p = port.get(30, TimeUnit.MINUTES); // completing the future publishes listening[0]
        return new Started(process, p, listening[0] - begin);
    }

    /** Polls readiness (the port opens before the sites are indexed) every 20 ms. */
    private static void awaitReady(HttpClient client, String base) throws Exception {
        HttpRequest ready = HttpRequest.newBuilder(URI.create(base + "/observe/health/ready")).build();
        long deadline = System.nanoTime() + Duration.ofMinutes(30).toNanos();
        while (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("serve did not turn ready");
            }
            Thread.sleep(20);
        }
    }

    private static void stop(Started serve) throws Exception {
        serve.process().destroy();
        if (!serve.process().waitFor(60, TimeUnit.SECONDS)) {
            serve.process().destroyForcibly();
        }
    }
}
