package dev.docsassistant.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The server's CPU per {@code /v1/search} alone, as {@code NodePeer} measures it but without the answers and
 * the peer: our server on both corpora (the question cache off), warmed by searches for a while, then each
 * client count searching back to back over raw kept-alive connections; CPU of the server process
 * ({@code /proc}) per search and the p50. {@code hybrid-cached} turns the question cache on: the warm-up puts every
 * question's vector in, so the measured searches never run the model and the model's share is the difference to
 * {@code hybrid}. {@code JAVA_OPTS} reaches the server (a flight recording, say).
 * Run: {@code bench/run SearchServerCpu [rounds [hybrid|keyword|hybrid-cached [warm-up-seconds]]]} (rounds of the 80 dev
 * questions per client count, 3 by default as {@code NodePeer 10 3}).
 */
public final class SearchServerCpu {
    private static final int[] CLIENTS = {1, 8, 50};

    private SearchServerCpu() {
    }

    /** The process's minor page faults, user and system CPU in clock ticks ({@code /proc/pid/stat} fields 10, 14, 15). */
    private static long[] stat(Process process) throws Exception {
        String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return new long[] {Long.parseLong(fields[7]), Long.parseLong(fields[11]), Long.parseLong(fields[12])};
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        String setUp = args.length > 1 ? args[1] : "hybrid";
        if (!List.of("hybrid", "keyword", "hybrid-cached").contains(setUp)) {
            throw new IllegalArgumentException("hybrid, keyword or hybrid-cached, not " + setUp);
        }
        // hybrid-cached: the question cache on, so after the warm-up no question runs the model (the model's share by difference)
        String mode = setUp.equals("keyword") ? "keyword" : "hybrid";
        boolean cache = setUp.equals("hybrid-cached");
        int warmUpSeconds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        List<NodePeer.Ask> asks = NodePeer.devAsks();
        Path dir = Files.createTempDirectory("docs-assistant-search-cpu-");
        Path config = dir.resolve("application.yaml");
        Files.writeString(config, BenchApps.corporaYaml(mode, cache, ""));
        String authorization = "Bearer " + Launcher.createKey(config);
        Machine.header("server CPU per search, " + setUp);
        Process server = new ProcessBuilder(Launcher.path(), "serve", "--config", config.toString(), "--port", "0")
                .redirectErrorStream(true).start();
        try {
            int port = ServeMemory.awaitPort(server, new StringBuilder());
            ServeMemory.awaitReady(port);
            long warmUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(warmUpSeconds);
            while (System.nanoTime() < warmUntil) {
                NodePeer.rawSearches(port, authorization, asks, new ClientLoad(8, asks.size() / 8, 0));
            }
            for (int clients : CLIENTS) {
                int each = Math.max(asks.size(), rounds * asks.size() / clients);
                NodePeer.rawSearches(port, authorization, asks, new ClientLoad(clients, Math.max(1, each / 10), 0));
                long[] before = stat(server);
                ClientLoad.Result<Long> load = NodePeer.rawSearches(port, authorization, asks, new ClientLoad(clients, each, 0));
                long[] after = stat(server);
                long cpu = (after[1] - before[1] + after[2] - before[2]) * 10;
                long[] nanos = load.results().stream().mapToLong(Long::longValue).sorted().toArray();
                System.out.printf(Locale.ROOT, "%d clients: %d searches, %.0f/s, p50 %.2f ms, p99 %.2f ms, server CPU per search %.2f ms "
                                + "(user %.2f, system %.2f), minor page faults per search %.1f%n",
                        clients, nanos.length, load.perSecond(), ClientLoad.millisAt(nanos, 50), ClientLoad.millisAt(nanos, 99),
                        (double) cpu / nanos.length, (after[1] - before[1]) * 10.0 / nanos.length,
                        (after[2] - before[2]) * 10.0 / nanos.length, (after[0] - before[0]) / (double) nanos.length);
            }
            System.out.println("load average at end " + Machine.loadAverage());
        } finally {
            NodePeer.stop(server);
            Files.deleteIfExists(config);
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
