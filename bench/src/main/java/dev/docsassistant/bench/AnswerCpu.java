package dev.docsassistant.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The server's CPU per v2 answer and per {@code /v1/search}, ours alone, on the {@link NodePeer} setup
 * (the corpora, the dev questions, the question cache off, raw kept-alive connections): what an answer
 * costs beyond its search. Each round runs answers then searches at 1, 8 and 50 clients; the figure is
 * the server process's user + system time over a level divided by its requests, which other work on a
 * shared machine disturbs less than wall time. Several rounds show the spread.
 * Run: {@code bench/run AnswerCpu [rounds [requests-per-level [search-mode [clients [what]]]]]}: defaults 3, 1000,
 * keyword, {@code 1,8,50} and {@code both} ({@code answers} or {@code searches} alone, e.g. under a profiler).
 */
public final class AnswerCpu {
    private AnswerCpu() {
    }

    /**
     * The server's CPU milliseconds by kind of thread (its {@code /proc} task list): the JIT's compiler threads,
     * the collector's (the serial collector runs in the VM thread), the store's background writer, and the rest
     * (the requests' virtual threads' carriers, tickers).
     */
    static Map<String, Long> threadCpu(Process server) throws Exception {
        Map<String, Long> out = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(server.pid()), "task"))) {
            for (Path task : tasks.toList()) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (java.io.IOException gone) {
                    continue; // the thread ended meanwhile
                }
                String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long ms = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
                String group = comm.contains("Compiler") ? "jit"
                        : comm.startsWith("VM Thread") || comm.startsWith("GC") ? "gc"
                        : comm.startsWith("store-backgroun") ? "writes" : "rest";
                out.merge(group, ms, Long::sum);
            }
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int perLevel = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        String mode = args.length > 2 ? args[2] : "keyword";
        int[] levels = java.util.Arrays.stream((args.length > 3 ? args[3] : "1,8,50").split(",")).mapToInt(Integer::parseInt).toArray();
        String what = args.length > 4 ? args[4] : "both";
        boolean answersToo = !what.equals("searches");
        boolean searchesToo = !what.equals("answers");
        List<NodePeer.Ask> asks = NodePeer.devAsks();
        List<String> bodies = asks.stream()
                .map(NodePeer.Ask::v2Body).toList();
        Path dir = Files.createTempDirectory("docs-assistant-answer-cpu-");
        try {
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, BenchApps.corporaYaml(mode, false, ""));
            String authorization = "Bearer " + Launcher.createKey(config);
            System.out.println("CPU " + Machine.cpu());
            System.out.printf(Locale.ROOT, "load average at start %s; %d rounds, %d requests per level, search mode %s%n",
                    NodePeer.loadAverage(), rounds, perLevel, mode);
            Process server = new ProcessBuilder(Launcher.path(), "serve", "--config", config.toString(), "--port", "0")
                    .redirectErrorStream(true).start();
            try {
                int port = ServeMemory.awaitPort(server, new StringBuilder());
                ServeMemory.awaitReady(port);
                NodePeer.answers(port, authorization, bodies, new ClientLoad(50, 20, 0)); // warm-up
                NodePeer.rawSearches(port, authorization, asks, new ClientLoad(50, 40, 0));
                System.out.printf(Locale.ROOT, "%-6s %-8s %14s %14s %12s   %s%n", "round", "clients", "answer CPU ms", "search CPU ms", "answers/s",
                        "answers' CPU ms by thread: JIT / GC / background writes / the rest");
                for (int round = 1; round <= rounds; round++) {
                    for (int clients : levels) {
                        int each = Math.max(1, perLevel / clients);
                        double answerCpu = Double.NaN;
                        double perSecond = Double.NaN;
                        double searchCpu = Double.NaN;
                        Map<String, Long> threadsBefore = threadCpu(server);
                        String byThread = "";
                        if (answersToo) {
                            long before = GrpcLatency.cpuMillis(server);
                            ClientLoad.Result<NodePeer.Answer> answers = NodePeer.answers(port, authorization, bodies, new ClientLoad(clients, each, 0));
                            answerCpu = (double) (GrpcLatency.cpuMillis(server) - before) / answers.results().size();
                            perSecond = answers.perSecond();
                            Map<String, Long> threadsAfter = threadCpu(server);
                            int n = answers.results().size();
                            byThread = String.join(" / ", java.util.stream.Stream.of("jit", "gc", "writes", "rest")
                                    .map(g -> String.format(Locale.ROOT, "%.2f",
                                            (double) (threadsAfter.getOrDefault(g, 0L) - threadsBefore.getOrDefault(g, 0L)) / n)).toList());
                            for (NodePeer.Answer a : answers.results()) {
                                UiStreamCheck.check(a.raw());
                            }
                        }
                        if (searchesToo) {
                            long before = GrpcLatency.cpuMillis(server);
                            ClientLoad.Result<Long> searches = NodePeer.rawSearches(port, authorization, asks, new ClientLoad(clients, each, 0));
                            searchCpu = (double) (GrpcLatency.cpuMillis(server) - before) / searches.results().size();
                        }
                        System.out.printf(Locale.ROOT, "%-6d %-8d %14.2f %14.2f %12.0f   %s%n", round, clients, answerCpu, searchCpu, perSecond, byThread);
                    }
                }
            } finally {
                NodePeer.stop(server);
            }
            System.out.println("load average at end " + NodePeer.loadAverage());
        } finally {
            BenchFiles.deleteTree(dir);
        }
    }
}
