package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The server beside its Node peer ({@code bench/node-peer}: a plain Node {@code http} server with
 * MiniSearch and the AI SDK's {@code createUIMessageStream} + {@code pipeUIMessageStreamToResponse},
 * what a team would otherwise write) on the same corpora, questions and loader, each in a process of
 * its own and measured alone (the other is stopped): 50 clients asking the dev questions of both
 * corpora back to back over v2 (answers/s, time to the first event and to {@code [DONE]}, the server's
 * CPU per answer), then one client's searches ({@code /v1/search}, pageSize 5, the question's filter)
 * after {@value #SEARCH_WARM_UP_SECONDS} s of them as warm-up, through the JDK's {@link HttpClient}
 * and again on a raw kept-alive connection ({@link SseConnection}, whose timing has no client
 * library's hand-offs in it), with recall@5 of those searches so that neither side is fast by
 * finding nothing.
 * Every answer of the measured load must be a complete UI message stream with text
 * ({@link UiStreamCheck}); one that is not stops the bench. Ratios: ours ÷ peer for throughput,
 * peer ÷ ours for times. Run: {@code bench/run NodePeer [answers-per-client [search-rounds [search-mode]]]}: the
 * server's {@code search.mode}, {@code hybrid} (the default; it embeds every question) or {@code keyword}
 * (BM25 alone, as the peer). The server's question cache is off: the searches repeat the dev questions,
 * and a cache hit would time no embedding at all.
 */
public final class NodePeer {
    private static final Path PEER = Path.of("bench", "node-peer").toAbsolutePath();
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int SEARCH_WARM_UP_SECONDS = 15;

    private NodePeer() {
    }

    /** One dev question and the site it is asked of. */
    record Ask(String domain, DevSet.Question q) {
    }

    /** One answer of the load: its timing and the bytes to check afterwards (outside the clock). */
    record Answer(AssistantLatency.Timing timing, byte[] raw) {
    }

    /** One server's numbers. */
    record Row(double perSecond, double firstP50, double firstP99, double fullP50, double fullP99, double cpuMsPerAnswer,
               double textChars, double sources, double searchP50, double searchP99, double rawSearchP50, double rawSearchP99,
               double recall5, long rssMb) {
    }

    public static void main(String[] args) throws Exception {
        int perClient = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int searchRounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        String mode = args.length > 2 ? args[2] : "hybrid";
        if (!mode.equals("hybrid") && !mode.equals("keyword")) {
            throw new IllegalArgumentException("search-mode: hybrid or keyword, not " + mode);
        }
        List<Ask> asks = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            for (DevSet.Question q : DevSet.questions(corpus)) {
                asks.add(new Ask(corpus, q));
            }
        }
        Path dir = Files.createTempDirectory("docs-assistant-peer-");
        try {
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, BenchApps.corporaYaml(BenchApps.UNLIMITED).replace("search: {", "search: {mode: " + mode + ", question-cache: false, "));
            String key = Launcher.createKey(config);
            System.out.printf(Locale.ROOT, "load average at start %s; 50 clients × %d answers, %d search rounds of %d questions; our search mode %s%n",
                    loadAverage(), perClient, searchRounds, asks.size(), mode);
            Process ours = new ProcessBuilder(Launcher.path(), "serve", "--config", config.toString(), "--port", "0")
                    .redirectErrorStream(true).start();
            Row our;
            try {
                int port = ServeMemory.awaitPort(ours, new StringBuilder());
                ServeMemory.awaitReady(port);
                our = measure(ours, port, "Bearer " + key, asks, perClient, searchRounds);
            } finally {
                stop(ours);
            }
            installPeer();
            System.out.println("node peer on Node " + Launcher.run("node", "--version").strip());
            Process peer = new ProcessBuilder("node", PEER.resolve("server.mjs").toString(), "--port", "0", "--key", key,
                    "mcp=" + DevSet.corpus("mcp").toAbsolutePath(), "mintlify=" + DevSet.corpus("mintlify").toAbsolutePath())
                    .redirectErrorStream(true).start();
            Row theirs;
            try {
                int port = ServeMemory.awaitPort(peer, new StringBuilder()); // the peer listens once indexed
                theirs = measure(peer, port, "Bearer " + key, asks, perClient, searchRounds);
            } finally {
                stop(peer);
            }
            print(our, theirs);
            System.out.println("load average at end " + loadAverage());
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Row measure(Process server, int port, String authorization, List<Ask> asks, int perClient, int searchRounds)
            throws Exception {
        List<String> bodies = asks.stream()
                .map(a -> a.domain() + "\n" + ClientLoad.v2Body(a.q().q(), a.q().version(), a.q().language())).toList();
        answers(port, authorization, bodies, new ClientLoad(50, 10, 0)); // warm-up: JIT, connections, caches
        long cpuBefore = GrpcLatency.cpuMillis(server);
        ClientLoad.Result<Answer> load = answers(port, authorization, bodies, new ClientLoad(50, perClient, 0));
        long cpu = GrpcLatency.cpuMillis(server) - cpuBefore;
        long rssKb = ServeMemory.kilobytes(ServeMemory.status(server.pid()), "VmRSS");
        List<UiStreamCheck.Answer> checked = load.results().stream().map(a -> UiStreamCheck.check(a.raw())).toList();
        long[] first = load.results().stream().mapToLong(a -> a.timing().firstEventNanos()).sorted().toArray();
        long[] full = load.results().stream().mapToLong(a -> a.timing().fullNanos()).sorted().toArray();

        SearchClient jdk = jdkClient(port);
        // Warm-up by time, not by count: our JIT still compiles the search path a few thousand searches
        // in (bench/run Startup measures the cold start), while the peer takes ~17 ms a search.
        long warmUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(SEARCH_WARM_UP_SECONDS);
        while (System.nanoTime() < warmUntil) {
            searches(jdk, authorization, asks, 1, null);
        }
        Scores scores = new Scores();
        long[] search = searches(jdk, authorization, asks, searchRounds, scores);
        long[] raw;
        try (SseConnection connection = new SseConnection("127.0.0.1", port)) {
            searches(connection::postForBody, authorization, asks, 2, null);
            raw = searches(connection::postForBody, authorization, asks, searchRounds, null);
        }
        return new Row(load.perSecond(), ClientLoad.millisAt(first, 50), ClientLoad.millisAt(first, 99),
                ClientLoad.millisAt(full, 50), ClientLoad.millisAt(full, 99), (double) cpu / full.length,
                checked.stream().mapToInt(UiStreamCheck.Answer::textChars).average().orElse(0),
                checked.stream().mapToInt(UiStreamCheck.Answer::sources).average().orElse(0),
                ClientLoad.millisAt(search, 50), ClientLoad.millisAt(search, 99), ClientLoad.millisAt(raw, 50), ClientLoad.millisAt(raw, 99),
                scores.recall(5), rssKb / 1024);
    }

    /** The load over REST v2, each client on one kept-alive connection read raw ({@link SseConnection}). */
    private static ClientLoad.Result<Answer> answers(int port, String authorization, List<String> bodies, ClientLoad load)
            throws Exception {
        return load.run(client -> {
            SseConnection connection = new SseConnection("127.0.0.1", port);
            return new ClientLoad.Session<>() {
                @Override
                public Answer ask(int n) throws Exception {
                    String[] item = bodies.get(n % bodies.size()).split("\n", 2);
                    AssistantLatency.Timing timing = connection.post("/v2/assistant/" + item[0] + "/message", authorization, item[1]);
                    return new Answer(timing, connection.lastResponse());
                }

                @Override
                public void close() throws Exception {
                    connection.close();
                }
            };
        });
    }

    /** How one search is sent and its JSON body read back. */
    interface SearchClient {
        String post(String path, String authorization, String body) throws Exception;
    }

    /** The JDK's {@link HttpClient} (HTTP/1.1), as a Java service would call the API. */
    private static SearchClient jdkClient(int port) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        return (path, authorization, body) -> {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .header("content-type", "application/json").header("authorization", authorization)
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("search answered " + response.statusCode() + ": " + response.body());
            }
            return response.body();
        };
    }

    /**
     * {@code rounds} passes over every question from one client, one after another; sorted nanoseconds.
     * The first pass's results are scored into {@code scores} when given.
     */
    private static long[] searches(SearchClient client, String authorization, List<Ask> asks, int rounds, Scores scores)
            throws Exception {
        long[] nanos = new long[rounds * asks.size()];
        int n = 0;
        for (int round = 0; round < rounds; round++) {
            for (Ask ask : asks) {
                String body = """
                        {"query": %s, "pageSize": 5, "filter": {"version": %s, "language": %s}}"""
                        .formatted(json(ask.q().q()), json(ask.q().version()), json(ask.q().language()));
                long start = System.nanoTime();
                String response = client.post("/v1/search/" + ask.domain(), authorization, body);
                nanos[n++] = System.nanoTime() - start;
                if (scores != null && round == 0) {
                    List<String> paths = new ArrayList<>();
                    for (JsonNode result : MAPPER.readTree(response)) {
                        paths.add(result.path("path").asText());
                    }
                    scores.add(ask.q(), paths, paths.isEmpty());
                }
            }
        }
        Arrays.sort(nanos);
        return nanos;
    }

    private static void print(Row ours, Row peer) {
        System.out.printf(Locale.ROOT, "%n%-36s | %15s | %15s | %s%n", "", "docs-assistant", "node peer", "ratio");
        row("answers/s, 50 clients back to back", ours.perSecond(), peer.perSecond(), ours.perSecond() / peer.perSecond(), "%.0f");
        row("first event p50 (ms)", ours.firstP50(), peer.firstP50(), peer.firstP50() / ours.firstP50(), "%.2f");
        row("first event p99 (ms)", ours.firstP99(), peer.firstP99(), peer.firstP99() / ours.firstP99(), "%.2f");
        row("full answer p50 (ms)", ours.fullP50(), peer.fullP50(), peer.fullP50() / ours.fullP50(), "%.2f");
        row("full answer p99 (ms)", ours.fullP99(), peer.fullP99(), peer.fullP99() / ours.fullP99(), "%.2f");
        row("server CPU per answer (ms)", ours.cpuMsPerAnswer(), peer.cpuMsPerAnswer(), peer.cpuMsPerAnswer() / ours.cpuMsPerAnswer(), "%.2f");
        row("search p50, 1 client (ms)", ours.searchP50(), peer.searchP50(), peer.searchP50() / ours.searchP50(), "%.2f");
        row("search p99, 1 client (ms)", ours.searchP99(), peer.searchP99(), peer.searchP99() / ours.searchP99(), "%.2f");
        row("search p50, raw connection (ms)", ours.rawSearchP50(), peer.rawSearchP50(), peer.rawSearchP50() / ours.rawSearchP50(), "%.2f");
        row("search p99, raw connection (ms)", ours.rawSearchP99(), peer.rawSearchP99(), peer.rawSearchP99() / ours.rawSearchP99(), "%.2f");
        row("search recall@5 (answerable)", ours.recall5(), peer.recall5(), Double.NaN, "%.3f");
        row("sources per answer (mean)", ours.sources(), peer.sources(), Double.NaN, "%.1f");
        row("text per answer (chars, mean)", ours.textChars(), peer.textChars(), Double.NaN, "%.0f");
        row("RSS after the answer load (MiB)", ours.rssMb(), peer.rssMb(), Double.NaN, "%.0f");
        System.out.println("ratio: ours ÷ peer for answers/s, peer ÷ ours for times and CPU (above 1: ours is ahead)");
    }

    private static void row(String label, double ours, double peer, double ratio, String format) {
        System.out.printf(Locale.ROOT, "%-36s | %15s | %15s | %s%n", label, String.format(Locale.ROOT, format, ours),
                String.format(Locale.ROOT, format, peer), Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, "%.2f×", ratio));
    }

    /** {@code npm ci} in {@code bench/node-peer} when its dependencies are not installed yet. */
    private static void installPeer() throws Exception {
        if (Files.isDirectory(PEER.resolve("node_modules"))) {
            return;
        }
        System.out.println("installing the Node peer's dependencies (npm ci)");
        Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(PEER.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        if (npm.waitFor() != 0) {
            throw new IllegalStateException("npm ci failed in " + PEER);
        }
    }

    private static void stop(Process process) throws Exception {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    private static String loadAverage() throws Exception {
        return String.join(" ", Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).split(" "), 3));
    }

    private static String json(String s) {
        return s == null ? "null" : "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
