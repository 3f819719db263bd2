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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The server beside the reference Node peer ({@code bench/node-peer}, the peer of {@code ../shared/peer}
 * byte for byte, which {@code NodePeerCopyTest} checks: a plain {@code node:http} server with
 * MiniSearch, no prefix or fuzzy matching, and the AI SDK's {@code createUIMessageStream} +
 * {@code pipeUIMessageStreamToResponse}, what a team would otherwise write), started as its README
 * says ({@code NODE_ENV=production node peer-server.mjs --port 0 SITE ...}, after {@code npm ci} from its
 * own lockfile) on the same corpora, questions and loader, each server in a process of its own; both run
 * throughout and every level is measured on one, then at once on the other (the other idle meanwhile).
 * <p>
 * For each server: v2 answers from 1, 8 and 50 clients back to back, then {@code /v1/search} (pageSize 5,
 * the question's filter) from 1, 8 and 50 clients, each on one kept-alive raw connection
 * ({@link SseConnection}, whose timing has no client library's hand-offs in it); and one client's
 * searches through the JDK's {@link HttpClient}, after {@value #SEARCH_WARM_UP_SECONDS} s of them as
 * warm-up. Each level reports its rate, latency p50/p99 and the <em>server's CPU per request</em>
 * (user + system time of its process over the level, divided by the requests), the figure that other
 * work on a shared machine disturbs least. Recall@5 of the searches is printed so that neither side is
 * fast by finding nothing, and every answer of the 50-client load must be a complete UI message stream
 * with text ({@link UiStreamCheck}); one that is not stops the bench. Both servers first answer from 50 clients
 * for {@value #ANSWER_WARM_UP_SECONDS} s (JIT, connections, caches). Ratios: ours ÷ peer for
 * throughput, peer ÷ ours for times and CPU.
 * Run: {@code bench/run NodePeer [answers-per-client [search-rounds [search-mode]]]}: the server's
 * {@code search.mode}, {@code hybrid} (the default; it embeds every question) or {@code keyword}
 * (BM25 alone, as the peer). The server's question cache is off: the load repeats the dev questions,
 * and a cache hit would time no embedding at all.
 */
public final class NodePeer {
    private static final Path PEER = Path.of("bench", "node-peer").toAbsolutePath();
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int SEARCH_WARM_UP_SECONDS = 15;
    private static final int ANSWER_WARM_UP_SECONDS = 20;
    static final int[] CLIENTS = {1, 8, 50};

    private NodePeer() {
    }

    /** One dev question and the site it is asked of. */
    record Ask(String domain, DevSet.Question q) {
        /** The site, a newline, then the v2 request body the load clients send for this question. */
        String v2Body() {
            return domain + "\n" + ClientLoad.v2Body(q.q(), q.version(), q.language());
        }
    }

    /** Every dev question of both corpora, each with the site it is asked of. */
    static List<Ask> devAsks() throws java.io.IOException {
        List<Ask> asks = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            for (DevSet.Question q : DevSet.questions(corpus)) {
                asks.add(new Ask(corpus, q));
            }
        }
        return asks;
    }

    /** One answer of the load: its timing and the bytes to check afterwards (outside the clock). */
    record Answer(AssistantLatency.Timing timing, byte[] raw) {
    }

    /** One load level: requests per second, latency (first event and whole reply) and server CPU per request. */
    record Level(int clients, double perSecond, double firstP50, double firstP99, double fullP50, double fullP99,
                 double cpuMsPerRequest) {
    }

    /** One server's numbers. */
    record Row(List<Level> answers, List<Level> searches, double textChars, double sources, double jdkSearchP50,
               double jdkSearchP99, double jdkCpuMsPerSearch, double recall5, long rssMb) {
    }

    public static void main(String[] args) throws Exception {
        int perClient = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int searchRounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        String mode = args.length > 2 ? args[2] : "hybrid";
        if (!mode.equals("hybrid") && !mode.equals("keyword")) {
            throw new IllegalArgumentException("search-mode: hybrid or keyword, not " + mode);
        }
        List<Ask> asks = devAsks();
        Path dir = Files.createTempDirectory("docs-assistant-peer-");
        try {
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, BenchApps.corporaYaml(mode, false, searchSettings()));
            String key = Launcher.createKey(config);
            System.out.println("CPU " + Machine.cpu());
            System.out.printf(Locale.ROOT, "load average at start %s; 50 clients × %d answers, %d search rounds of %d questions; our search mode %s%n",
                    loadAverage(), perClient, searchRounds, asks.size(), mode);
            installPeer();
            System.out.println("node peer on Node " + Launcher.run("node", "--version").strip());
            Process ours = new ProcessBuilder(Launcher.path(), "serve", "--config", config.toString(), "--port", "0")
                    .redirectErrorStream(true).start();
            Process peer = null;
            try {
                int ourPort = ServeMemory.awaitPort(ours, new StringBuilder());
                ServeMemory.awaitReady(ourPort);
                ProcessBuilder peerStart = new ProcessBuilder("node", PEER.resolve("peer-server.mjs").toString(), "--port", "0",
                        "mcp=" + DevSet.corpus("mcp").toAbsolutePath(), "mintlify=" + DevSet.corpus("mintlify").toAbsolutePath())
                        .directory(PEER.toFile()).redirectErrorStream(true);
                peerStart.environment().put("NODE_ENV", "production");
                peer = peerStart.start();
                int peerPort = ServeMemory.awaitPort(peer, new StringBuilder()); // the peer listens once indexed and warmed
                Side our = new Side(ours, ourPort);
                Side theirs = new Side(peer, peerPort);
                measure(List.of(our, theirs), "Bearer " + key, asks, perClient, searchRounds);
                print(our.row(), theirs.row());
                for (Side side : List.of(our, theirs)) {
                    System.out.printf(Locale.ROOT, "%s used %d ms of CPU in the %.0f s it waited while the other was measured%n",
                            side == our ? "docs-assistant" : "the node peer", side.idleCpuMillis, side.idleNanos / 1e9);
                }
            } finally {
                stop(ours);
                if (peer != null) {
                    stop(peer);
                }
            }
            System.out.println("load average at end " + loadAverage());
        } finally {
            BenchFiles.deleteTree(dir);
        }
    }

    /** One server under measurement, and its numbers as they are taken. */
    private static final class Side {
        final Process process;
        final int port;
        final List<Level> answers = new ArrayList<>();
        final List<Level> searches = new ArrayList<>();
        final Scores scores = new Scores();
        List<UiStreamCheck.Answer> checked = List.of();
        long rssKb;
        long[] jdkSearches;
        double jdkCpuMsPerSearch;
        /** CPU this server used while the other was measured, and how long that was: it should be idle then. */
        long idleCpuMillis;
        long idleNanos;

        Side(Process process, int port) {
            this.process = process;
            this.port = port;
        }

        Row row() {
            return new Row(answers, searches,
                    checked.stream().mapToInt(UiStreamCheck.Answer::textChars).average().orElse(0),
                    checked.stream().mapToInt(UiStreamCheck.Answer::sources).average().orElse(0),
                    ClientLoad.millisAt(jdkSearches, 50), ClientLoad.millisAt(jdkSearches, 99), jdkCpuMsPerSearch,
                    scores.recall(5), rssKb / 1024);
        }
    }

    /**
     * Every level measured on each server in turn, one right after the other (both run throughout; the one not
     * measured is idle): this machine's speed drifts by a fifth within minutes, and a ratio of two numbers taken
     * seconds apart is steadier than one of numbers taken in two runs minutes apart.
     */
    private static void measure(List<Side> sides, String authorization, List<Ask> asks, int perClient, int searchRounds)
            throws Exception {
        List<String> bodies = asks.stream()
                .map(Ask::v2Body).toList();
        // Warm-up by time, as for the searches below: 500 answers left our JIT compiling through the first
        // levels (its compiler threads took a third of the server's CPU there); the peer gets the same.
        for (Side side : sides) {
            long answersWarmUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_WARM_UP_SECONDS);
            while (System.nanoTime() < answersWarmUntil) {
                answers(side.port, authorization, bodies, new ClientLoad(50, 10, 0));
            }
        }
        for (int clients : CLIENTS) {
            // As many answers at each level as 50 clients × perClient, at least perClient per client.
            int each = Math.max(perClient, perClient * 50 / clients / 4);
            for (Side side : sides) {
                Idle idle = Idle.start(sides, side);
                long cpuBefore = GrpcLatency.cpuMillis(side.process);
                ClientLoad.Result<Answer> load = answers(side.port, authorization, bodies, new ClientLoad(clients, each, 0));
                long cpu = GrpcLatency.cpuMillis(side.process) - cpuBefore;
                idle.end();
                long[] first = load.results().stream().mapToLong(a -> a.timing().firstEventNanos()).sorted().toArray();
                long[] full = load.results().stream().mapToLong(a -> a.timing().fullNanos()).sorted().toArray();
                side.answers.add(new Level(clients, load.perSecond(), ClientLoad.millisAt(first, 50), ClientLoad.millisAt(first, 99),
                        ClientLoad.millisAt(full, 50), ClientLoad.millisAt(full, 99), (double) cpu / full.length));
                if (clients == 50) {
                    side.rssKb = ServeMemory.kilobytes(ServeMemory.status(side.process.pid()), "VmRSS");
                    side.checked = load.results().stream().map(a -> UiStreamCheck.check(a.raw())).toList();
                }
            }
        }
        for (Side side : sides) {
            SearchClient jdk = jdkClient(side.port);
            // Warm-up by time, not by count: our JIT still compiles the search path a few thousand searches
            // in (bench/run Startup measures the cold start).
            long warmUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(SEARCH_WARM_UP_SECONDS);
            while (System.nanoTime() < warmUntil) {
                searches(jdk, authorization, asks, 1, null);
            }
            long jdkCpuBefore = GrpcLatency.cpuMillis(side.process);
            side.jdkSearches = searches(jdk, authorization, asks, searchRounds, side.scores);
            side.jdkCpuMsPerSearch = (double) (GrpcLatency.cpuMillis(side.process) - jdkCpuBefore) / side.jdkSearches.length;
        }
        for (int clients : CLIENTS) {
            int each = Math.max(asks.size(), searchRounds * asks.size() / clients);
            for (Side side : sides) {
                rawSearches(side.port, authorization, asks, new ClientLoad(clients, Math.max(1, each / 10), 0)); // this level's connections warm
                Idle idle = Idle.start(sides, side);
                long cpuBefore = GrpcLatency.cpuMillis(side.process);
                ClientLoad.Result<Long> load = rawSearches(side.port, authorization, asks, new ClientLoad(clients, each, 0));
                long cpu = GrpcLatency.cpuMillis(side.process) - cpuBefore;
                idle.end();
                long[] nanos = load.results().stream().mapToLong(Long::longValue).sorted().toArray();
                double p50 = ClientLoad.millisAt(nanos, 50);
                double p99 = ClientLoad.millisAt(nanos, 99);
                side.searches.add(new Level(clients, load.perSecond(), p50, p99, p50, p99, (double) cpu / nanos.length));
            }
        }
    }

    /** The CPU of the servers not measured, taken over one level of the measured one. */
    private record Idle(List<Side> others, long[] cpuBefore, long start) {
        static Idle start(List<Side> sides, Side measured) throws Exception {
            List<Side> others = sides.stream().filter(s -> s != measured).toList();
            long[] cpu = new long[others.size()];
            for (int i = 0; i < cpu.length; i++) {
                cpu[i] = GrpcLatency.cpuMillis(others.get(i).process);
            }
            return new Idle(others, cpu, System.nanoTime());
        }

        void end() throws Exception {
            for (int i = 0; i < others.size(); i++) {
                others.get(i).idleCpuMillis += GrpcLatency.cpuMillis(others.get(i).process) - cpuBefore[i];
                others.get(i).idleNanos += System.nanoTime() - start;
            }
        }
    }

    /** Searches from concurrent clients, each on one kept-alive raw connection: each search's nanoseconds. */
    static ClientLoad.Result<Long> rawSearches(int port, String authorization, List<Ask> asks, ClientLoad load)
            throws Exception {
        return load.run(client -> {
            SseConnection connection = new SseConnection("127.0.0.1", port);
            return new ClientLoad.Session<>() {
                @Override
                public Long ask(int n) throws Exception {
                    String body = searchBody(asks.get(n % asks.size()));
                    long start = System.nanoTime();
                    connection.postForBody("/v1/search/" + asks.get(n % asks.size()).domain(), authorization, body);
                    return System.nanoTime() - start;
                }

                @Override
                public void close() throws Exception {
                    connection.close();
                }
            };
        });
    }

    /** The load over REST v2, each client on one kept-alive connection read raw ({@link SseConnection}). */
    static ClientLoad.Result<Answer> answers(int port, String authorization, List<String> bodies, ClientLoad load)
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
                String body = searchBody(ask);
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
        System.out.printf(Locale.ROOT, "%n%-40s | %15s | %15s | %s%n", "", "docs-assistant", "node peer", "ratio");
        for (int i = 0; i < CLIENTS.length; i++) {
            Level o = ours.answers().get(i);
            Level p = peer.answers().get(i);
            String at = ", " + o.clients() + (o.clients() == 1 ? " client" : " clients");
            row("v2 answers/s" + at, o.perSecond(), p.perSecond(), o.perSecond() / p.perSecond(), "%.0f");
            row("  first event p50 / p99 (ms)", o.firstP50(), p.firstP50(), p.firstP50() / o.firstP50(), "%.2f");
            row("", o.firstP99(), p.firstP99(), p.firstP99() / o.firstP99(), "%.2f");
            row("  full answer p50 / p99 (ms)", o.fullP50(), p.fullP50(), p.fullP50() / o.fullP50(), "%.2f");
            row("", o.fullP99(), p.fullP99(), p.fullP99() / o.fullP99(), "%.2f");
            row("  server CPU per answer (ms)", o.cpuMsPerRequest(), p.cpuMsPerRequest(), p.cpuMsPerRequest() / o.cpuMsPerRequest(), "%.2f");
        }
        for (int i = 0; i < CLIENTS.length; i++) {
            Level o = ours.searches().get(i);
            Level p = peer.searches().get(i);
            String at = ", " + o.clients() + (o.clients() == 1 ? " client" : " clients") + ", raw";
            row("searches/s" + at, o.perSecond(), p.perSecond(), o.perSecond() / p.perSecond(), "%.0f");
            row("  search p50 / p99 (ms)", o.fullP50(), p.fullP50(), p.fullP50() / o.fullP50(), "%.2f");
            row("", o.fullP99(), p.fullP99(), p.fullP99() / o.fullP99(), "%.2f");
            row("  server CPU per search (ms)", o.cpuMsPerRequest(), p.cpuMsPerRequest(), p.cpuMsPerRequest() / o.cpuMsPerRequest(), "%.2f");
        }
        row("search p50, 1 client, JDK client (ms)", ours.jdkSearchP50(), peer.jdkSearchP50(), peer.jdkSearchP50() / ours.jdkSearchP50(), "%.2f");
        row("search p99, 1 client, JDK client (ms)", ours.jdkSearchP99(), peer.jdkSearchP99(), peer.jdkSearchP99() / ours.jdkSearchP99(), "%.2f");
        row("  server CPU per search (ms)", ours.jdkCpuMsPerSearch(), peer.jdkCpuMsPerSearch(),
                peer.jdkCpuMsPerSearch() / ours.jdkCpuMsPerSearch(), "%.2f");
        row("search recall@5 (answerable)", ours.recall5(), peer.recall5(), Double.NaN, "%.3f");
        row("sources per answer (mean)", ours.sources(), peer.sources(), Double.NaN, "%.1f");
        row("text per answer (chars, mean)", ours.textChars(), peer.textChars(), Double.NaN, "%.0f");
        row("RSS after the 50-client answers (MiB)", ours.rssMb(), peer.rssMb(), Double.NaN, "%.0f");
        System.out.println("ratio: ours ÷ peer for answers/s and searches/s, peer ÷ ours for times and CPU (above 1: ours is ahead)");
    }

    private static void row(String label, double ours, double peer, double ratio, String format) {
        System.out.printf(Locale.ROOT, "%-40s | %15s | %15s | %s%n", label, String.format(Locale.ROOT, format, ours),
                String.format(Locale.ROOT, format, peer), Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, "%.2f×", ratio));
    }

    /**
     * {@code npm ci} in {@code bench/node-peer} every run: its {@code node_modules} is then exactly its own
     * lockfile's, whatever an earlier peer left there.
     */
    private static void installPeer() throws Exception {
        System.out.println("installing the Node peer's dependencies (npm ci)");
        Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(PEER.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        if (npm.waitFor() != 0) {
            throw new IllegalStateException("npm ci failed in " + PEER);
        }
    }

    static void stop(Process process) throws Exception {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    static String loadAverage() throws Exception {
        return String.join(" ", Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).split(" "), 3));
    }

    /** A {@code /v1/search} body: the question, pageSize 5, its version and language as the filter. */
    private static String searchBody(Ask ask) {
        return """
                {"query": %s, "pageSize": 5, "filter": {"version": %s, "language": %s}}"""
                .formatted(json(ask.q().q()), json(ask.q().version()), json(ask.q().language()));
    }

    private static String json(String s) {
        return s == null ? "null" : "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** More of our server's search settings for a comparison run, e.g. {@code NODE_PEER_SEARCH="question-batching: true"}. */
    private static String searchSettings() {
        String more = System.getenv().getOrDefault("NODE_PEER_SEARCH", "").strip();
        if (!more.isEmpty()) {
            System.out.println("our extra search settings: " + more);
        }
        return more.isEmpty() ? "" : more + ", ";
    }
}
