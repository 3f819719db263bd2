package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Deployments and rollbacks while readers keep asking: one {@code bin/docs-assistant serve} process
 * (the launcher's JVM flags, SQLite, the offline extractive answers the benches use: no model is
 * configured) serving one shared corpus as a site created through the admin API. {@code clients}
 * clients, each on its own kept-alive connection, take turns at a search ({@code POST /v1/search}), a
 * v2 answer (the whole SSE stream read to {@code [DONE]}) and a rendered page GET, pausing
 * {@code think} ms after each; meanwhile {@code deploys} uploads (each changes one page) are made
 * and followed until active, then {@code rollbacks} activations of earlier deployments.
 *
 * <p>A failure is any status other than 2xx, a broken or cut stream, or an answer stream carrying an
 * error event. RSS is sampled from {@code /proc} every 200 ms; the heap in use ({@code jcmd
 * GC.heap_info}, no collection forced) before the first deployment and right after every switch,
 * when the replaced index is still open for {@code retire-after} (30 s by default: after quick
 * switches several old versions are open at once). Run:
 * {@code bench/run DeployUnderLoad [deploys [rollbacks [clients [think-ms [corpus]]]]]} (default 10 5 50 250 mcp).
 */
public final class DeployUnderLoad {
    private static final String[] KINDS = {"search", "answer", "page"};

    private DeployUnderLoad() {
    }

    public static void main(String[] args) throws Exception {
        int deploys = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int rollbacks = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int clients = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        int thinkMs = args.length > 3 ? Integer.parseInt(args[3]) : 250;
        String corpus = args.length > 4 ? args[4] : "mcp";
        if (rollbacks >= deploys + 1) {
            throw new IllegalArgumentException("rollbacks go to earlier deployments: at most deploys (" + deploys + ")");
        }
        Machine.header("DeployUnderLoad: " + clients + " clients (think " + thinkMs + " ms) on site " + corpus + " during "
                + deploys + " deployments and " + rollbacks + " rollbacks");
        Path dir = Files.createTempDirectory("docs-assistant-deployload-");
        Path folder = dir.resolve("site");
        DevReload.copy(DevSet.corpus(corpus), folder);
        Path config = dir.resolve("server").resolve("application.yaml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, ServerProcess.yaml(""));
        List<String> pages = pages(folder);
        Path changed = folder.resolve(pages.get(0).substring(1) + ".mdx");
        try (ServerProcess server = ServerProcess.start(config)) {
            long pid = server.pid();
            server.createSite(corpus, "bench");
            // Through the admin API: `keys create` knows only the organisations of configured sites.
            String authorization = "Bearer " + server.admin("POST", "/admin/v1/keys", "{\"organization\": \"bench\"}", 201)
                    .path("key").asText();
            long warm = System.nanoTime();
            server.awaitActive(corpus, server.upload(corpus, ServerProcess.tarGz(folder)), Duration.ofMinutes(30));
            long active = System.nanoTime();
            // The store says active before this server serves it (Deployments.switchTo records, then replaces):
            // the load starts once the site answers, and the gap is reported.
            while (server.page(corpus, pages.get(0)).statusCode() != 200) {
                Thread.sleep(20);
            }
            System.out.printf(Locale.ROOT, "server pid %d; first deployment (not measured) active in %.1f s, its pages served"
                    + " %.0f ms after the API said active%n", pid, (active - warm) / 1e9, (System.nanoTime() - active) / 1e6);

            List<String> answers = new ArrayList<>();
            List<String> searches = new ArrayList<>();
            for (DevSet.Question q : DevSet.questions(corpus)) {
                answers.add(ClientLoad.v2Body(q.q(), q.version(), q.language()));
                searches.add("{\"query\": " + quote(q.q()) + "}");
            }
            Load load = new Load(server, corpus, authorization, answers, searches, pages, thinkMs);
            Sampler sampler = new Sampler(pid);
            long baselineRss = Machine.rssMb(pid);
            long baselineHeap = Machine.heapUsedMb(pid);
            Thread samples = Thread.ofPlatform().daemon().start(sampler);
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int c = 0; c < clients; c++) {
                    int client = c;
                    pool.submit(() -> load.client(client));
                }
                Thread.sleep(3000); // every client has asked a few times before the first switch
                long switchesStart = System.nanoTime();
                List<String> ids = new ArrayList<>();
                List<Double> deploySeconds = new ArrayList<>();
                List<Long> heapAfterSwitch = new ArrayList<>();
                for (int i = 0; i < deploys; i++) {
                    Files.writeString(changed, Files.readString(changed) + "\n\nDeployment " + i + " of the bench added this sentence.\n");
                    long start = System.nanoTime();
                    String id = server.upload(corpus, ServerProcess.tarGz(folder));
                    server.awaitActive(corpus, id, Duration.ofMinutes(30));
                    deploySeconds.add((System.nanoTime() - start) / 1e9);
                    heapAfterSwitch.add(Machine.heapUsedMb(pid));
                    ids.add(id);
                }
                List<Double> rollbackSeconds = new ArrayList<>();
                for (int r = 0; r < rollbacks; r++) {
                    String id = ids.get(ids.size() - 2 - r % (ids.size() - 1)); // an earlier deployment each time
                    long start = System.nanoTime();
                    JsonNode d = server.admin("POST", "/admin/v1/sites/" + corpus + "/deployments/" + id + "/activate", null, 200);
                    if (!d.path("status").asText().equals("active")) {
                        throw new IllegalStateException("rollback to " + id + ": " + d);
                    }
                    rollbackSeconds.add((System.nanoTime() - start) / 1e9);
                    heapAfterSwitch.add(Machine.heapUsedMb(pid));
                }
                double switchesSeconds = (System.nanoTime() - switchesStart) / 1e9;
                System.out.printf(Locale.ROOT, "switches from %.1f s to %.1f s after the load began%n",
                        (switchesStart - load.began) / 1e9, (System.nanoTime() - load.began) / 1e9);
                Thread.sleep(2000);
                load.stop.set(true);
                pool.shutdown();
                sampler.stop.set(true);
                samples.join();
                report(load, switchesSeconds, deploySeconds, rollbackSeconds);
                System.out.printf(Locale.ROOT, "memory: RSS before the first deployment %d MiB, peak while switching %d MiB (sampled"
                                + " every 200 ms), after %d MiB; heap in use before %d MiB, right after each switch %s MiB%n",
                        baselineRss, sampler.peakRss.get(), Machine.rssMb(pid), baselineHeap, heapAfterSwitch);
            }
            ServeMemory.Heap heap = ServeMemory.heapAfterFullGc(pid);
            System.out.printf(Locale.ROOT, "heap live after a full GC at the end %d MiB (committed %d MiB); threads %d; load average %s%n",
                    heap.liveKb() / 1024, heap.committedKb() / 1024, Machine.threads(pid), Machine.loadAverage());
        } finally {
            BenchFiles.deleteTree(dir);
        }
    }

    private static void report(Load load, double switchesSeconds, List<Double> deploySeconds, List<Double> rollbackSeconds) {
        System.out.println();
        System.out.printf(Locale.ROOT, "%d deployments (upload → active, s: %s) and %d rollbacks (activate call, s: %s) in %.1f s%n",
                deploySeconds.size(), rounded(deploySeconds), rollbackSeconds.size(), rounded(rollbackSeconds), switchesSeconds);
        System.out.println();
        System.out.println("| request | done | failed | p50 ms | p99 ms | max ms |");
        System.out.println("| --- | --- | --- | --- | --- | --- |");
        long failedAll = 0;
        for (String kind : KINDS) {
            long[] nanos = load.nanos.get(kind).stream().mapToLong(Long::longValue).sorted().toArray();
            long failed = load.failed.get(kind).get();
            failedAll += failed;
            System.out.printf(Locale.ROOT, "| %s | %d | %d | %.1f | %.1f | %.1f |%n", kind, nanos.length, failed,
                    nanos.length == 0 ? 0 : ClientLoad.millisAt(nanos, 50), nanos.length == 0 ? 0 : ClientLoad.millisAt(nanos, 99),
                    nanos.length == 0 ? 0 : nanos[nanos.length - 1] / 1e6);
        }
        System.out.println();
        System.out.println("failed requests: " + failedAll + " (target 0)");
        load.errors.stream().limit(10).forEach(e -> System.out.println("  " + e));
    }

    private static String rounded(List<Double> seconds) {
        return seconds.stream().map(s -> String.format(Locale.ROOT, "%.1f", s)).toList().toString();
    }

    /** URL paths of the site's top-level pages (at most 50), the changed one first. */
    private static List<String> pages(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(f -> f.toString().endsWith(".mdx") && !folder.relativize(f).toString().startsWith("snippets")
                            && folder.relativize(f).getNameCount() <= 2 && !f.getFileName().toString().equals("index.mdx"))
                    .sorted().limit(50)
                    .map(f -> "/" + folder.relativize(f).toString().replaceAll("\\.mdx$", "")).toList();
        }
    }

    /** The clients' requests and what became of them. */
    private static final class Load {
        final AtomicBoolean stop = new AtomicBoolean();
        final Map<String, ConcurrentLinkedQueue<Long>> nanos = new ConcurrentHashMap<>();
        final Map<String, AtomicLong> failed = new ConcurrentHashMap<>();
        final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
        private final ServerProcess server;
        private final String domain;
        private final String authorization;
        private final List<String> answers;
        private final List<String> searches;
        private final List<String> pages;
        private final int thinkMs;
        private final long began = System.nanoTime();

        Load(ServerProcess server, String domain, String authorization, List<String> answers, List<String> searches,
             List<String> pages, int thinkMs) {
            this.server = server;
            this.domain = domain;
            this.authorization = authorization;
            this.answers = answers;
            this.searches = searches;
            this.pages = pages;
            this.thinkMs = thinkMs;
            for (String kind : KINDS) {
                nanos.put(kind, new ConcurrentLinkedQueue<>());
                failed.put(kind, new AtomicLong());
            }
        }

        /** One client: its own connection for the API calls, the shared HTTP/1.1 client's pool for pages. */
        Void client(int client) throws Exception {
            Thread.sleep((long) thinkMs * client / 50);
            SseConnection api = null;
            for (int i = 0; !stop.get(); i++) {
                String kind = KINDS[(client + i) % KINDS.length];
                int n = client * 7 + i;
                long start = System.nanoTime();
                try {
                    if (api == null) {
                        api = new SseConnection("127.0.0.1", server.port);
                    }
                    switch (kind) {
                        case "search" -> api.postForBody("/v1/search/" + domain, authorization, searches.get(n % searches.size()));
                        case "answer" -> {
                            api.post("/v2/assistant/" + domain + "/message", authorization, answers.get(n % answers.size()));
                            String stream = new String(api.lastResponse(), StandardCharsets.UTF_8);
                            if (stream.contains("\"type\":\"error\"")) {
                                throw new IOException("the answer stream carried an error: "
                                        + stream.substring(stream.indexOf("\"type\":\"error\"")).lines().findFirst().orElse(""));
                            }
                        }
                        default -> {
                            HttpResponse<String> res = ServerProcess.HTTP.send(HttpRequest.newBuilder(server.uri("/sites/" + domain
                                    + pages.get(n % pages.size()))).timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
                            if (res.statusCode() / 100 != 2) {
                                throw new IOException("GET " + pages.get(n % pages.size()) + ": " + res.statusCode() + " " + res.body());
                            }
                        }
                    }
                    nanos.get(kind).add(System.nanoTime() - start);
                } catch (InterruptedException e) {
                    throw e;
                } catch (Exception e) { // a refused connection, a timeout, a cut stream: each a failed request
                    failed.get(kind).incrementAndGet();
                    errors.add(String.format(Locale.ROOT, "%.1f s after the load began, %s: %s", (System.nanoTime() - began) / 1e9, kind,
                            String.valueOf(e).lines().findFirst().orElse("")));
                    if (api != null) {
                        api.close();
                        api = null; // a fresh connection: the old one's state is unknown
                    }
                }
                Thread.sleep(thinkMs);
            }
            if (api != null) {
                api.close();
            }
            return null;
        }
    }

    /** The server's RSS every 200 ms; keeps the peak. */
    private static final class Sampler implements Runnable {
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicLong peakRss = new AtomicLong();
        private final long pid;

        Sampler(long pid) {
            this.pid = pid;
        }

        @Override
        public void run() {
            while (!stop.get()) {
                try {
                    peakRss.accumulateAndGet(Machine.rssMb(pid), Math::max);
                    Thread.sleep(200);
                } catch (IOException | InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** A JSON string literal, for the request bodies. */
    private static String quote(String s) {
        try {
            return dev.docsassistant.config.Mappers.JSON.writeValueAsString(s);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
