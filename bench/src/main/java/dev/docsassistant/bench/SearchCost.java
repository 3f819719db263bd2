package dev.docsassistant.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One client's {@code /v1/search} on one kept-alive raw connection against a {@code bin/docs-assistant
 * serve} process on {@link NodePeer}'s setup (both corpora, the dev questions, the question cache off),
 * after a warm-up: searches per second, latency p50/p99, and the server's CPU per search in all and by
 * kind of thread ({@link AnswerCpu#threadCpu}): what burns CPU beside the request's own thread (the JIT,
 * the collector, the store's background writer). The server inherits the environment ({@code JAVA_OPTS}:
 * a flight recording, for instance).
 * Run: {@code bench/run SearchCost [searches [search-mode [warm-up-searches]]]} (30000, keyword, 20000).
 */
public final class SearchCost {
    private SearchCost() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 30_000;
        String mode = args.length > 1 ? args[1] : "keyword";
        int warmUp = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        List<NodePeer.Ask> asks = NodePeer.devAsks();
        Path dir = Files.createTempDirectory("docs-assistant-search-cost-");
        try {
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, BenchApps.corporaYaml(mode, false, ""));
            String authorization = "Bearer " + Launcher.createKey(config);
            System.out.println("CPU " + Machine.cpu() + "; load average at start " + NodePeer.loadAverage());
            Process server = new ProcessBuilder(Launcher.path(), "serve", "--config", config.toString(), "--port", "0")
                    .redirectErrorStream(true).start();
            try {
                int port = ServeMemory.awaitPort(server, new StringBuilder());
                ServeMemory.awaitReady(port);
                NodePeer.rawSearches(port, authorization, asks, new ClientLoad(1, warmUp, 0));
                Map<String, Long> threadsBefore = AnswerCpu.threadCpu(server);
                long cpuBefore = GrpcLatency.cpuMillis(server);
                ClientLoad.Result<Long> load = NodePeer.rawSearches(port, authorization, asks, new ClientLoad(1, count, 0));
                long cpu = GrpcLatency.cpuMillis(server) - cpuBefore;
                Map<String, Long> threadsAfter = AnswerCpu.threadCpu(server);
                long[] nanos = load.results().stream().mapToLong(Long::longValue).sorted().toArray();
                System.out.printf(Locale.ROOT, "mode %s, %d searches: %.0f/s, p50 %.3f ms, p99 %.3f ms, server CPU per search %.3f ms%n",
                        mode, nanos.length, load.perSecond(), ClientLoad.millisAt(nanos, 50), ClientLoad.millisAt(nanos, 99),
                        (double) cpu / nanos.length);
                System.out.println("  by thread (ms per search): " + String.join(", ", Stream.of("rest", "jit", "writes", "gc")
                        .map(g -> String.format(Locale.ROOT, "%s %.3f", g,
                                (double) (threadsAfter.getOrDefault(g, 0L) - threadsBefore.getOrDefault(g, 0L)) / nanos.length))
                        .toList()));
            } finally {
                NodePeer.stop(server);
            }
            System.out.println("load average at end " + NodePeer.loadAverage());
        } finally {
            BenchFiles.deleteTree(dir);
        }
    }
}
