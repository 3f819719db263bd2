package dev.docsassistant.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the RSS of the server that {@link NodePeer} measures goes: the same server (both shared corpora,
 * hybrid unless told, the question cache off), the same warm-up and the same v2 answer levels (1, 8 and 50
 * clients back to back), and after each step the RSS split three ways — {@code /proc/PID/status}
 * (anonymous, file-backed, shared), the JVM's own committed memory ({@code jcmd VM.native_memory summary}
 * when {@code JAVA_OPTS} turns native memory tracking on; anonymous memory outside it is ONNX Runtime,
 * the tokenizers and malloc) and the resident pages of {@code /proc/PID/smaps} summed per mapped file
 * (index files by extension) — with the server's CPU per answer at each level.
 * Run: {@code bench/run ServeRss [answers-per-client [search-mode [chinese-first]]]} ({@code chinese-first}:
 * one Chinese question before the warm-up, so the Chinese model is in before the load rather than loaded
 * in its middle).
 */
public final class ServeRss {
    private static final Pattern MAPPING = Pattern.compile("^[0-9a-f]+-[0-9a-f]+ \\S+ \\S+ \\S+ \\d+\\s*(.*)$");
    private static final Pattern NMT = Pattern.compile("^-\\s+(.+?) \\(reserved=\\d+KB, committed=(\\d+)KB\\)");
    private static final Pattern NMT_TOTAL = Pattern.compile("^Total: reserved=\\d+KB, committed=(\\d+)KB");

    private ServeRss() {
    }

    public static void main(String[] args) throws Exception {
        int perClient = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        String mode = args.length > 1 ? args[1] : "hybrid";
        boolean chineseFirst = args.length > 2 && args[2].equals("chinese-first");
        List<NodePeer.Ask> asks = NodePeer.devAsks();
        List<String> bodies = asks.stream().map(NodePeer.Ask::v2Body).toList();
        String chinese = asks.stream().filter(a -> a.q().language() != null && a.q().language().startsWith("zh"))
                .map(NodePeer.Ask::v2Body).findFirst().orElse(null);
        Path dir = Files.createTempDirectory("docs-assistant-rss-");
        try {
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, BenchApps.corporaYaml(mode, false, ""));
            String key = Launcher.createKey(config);
            String authorization = "Bearer " + key;
            System.out.printf(Locale.ROOT, "CPU %s; mode %s; %d answers per client; JAVA_OPTS=%s%n", Machine.cpu(), mode,
                    perClient, System.getenv().getOrDefault("JAVA_OPTS", ""));
            Process serve = new ProcessBuilder(Launcher.path(), "serve", "--config", config.toString(), "--port", "0")
                    .redirectErrorStream(true).start();
            try {
                int port = ServeMemory.awaitPort(serve, new StringBuilder());
                ServeMemory.awaitReady(port);
                report("indexed", serve.pid());
                if (chineseFirst) {
                    NodePeer.answers(port, authorization, List.of(chinese), new ClientLoad(1, 1, 0));
                    report("one Chinese question", serve.pid());
                }
                NodePeer.answers(port, authorization, bodies, new ClientLoad(50, 10, 0));
                report("warm-up (50 × 10)", serve.pid());
                for (int clients : NodePeer.CLIENTS) {
                    int each = Math.max(perClient, perClient * 50 / clients / 4);
                    long cpuBefore = GrpcLatency.cpuMillis(serve);
                    ClientLoad.Result<NodePeer.Answer> load = NodePeer.answers(port, authorization, bodies,
                            new ClientLoad(clients, each, 0));
                    double cpu = (double) (GrpcLatency.cpuMillis(serve) - cpuBefore) / load.results().size();
                    report(String.format(Locale.ROOT, "%d clients (%.0f answers/s, CPU %.2f ms per answer)", clients,
                            load.perSecond(), cpu), serve.pid());
                }
                Thread.sleep(5_000);
                report("5 s idle", serve.pid());
                ServeMemory.Heap heap = ServeMemory.heapAfterFullGc(serve.pid());
                System.out.printf(Locale.ROOT, "heap committed %d MiB, live after a full GC %d MiB%n", heap.committedKb() / 1024,
                        heap.liveKb() / 1024);
                report("after a full GC", serve.pid());
                // the live heap's largest classes (GC.class_histogram runs a full collection first)
                Launcher.run(ServeMemory.jcmd(), Long.toString(serve.pid()), "GC.class_histogram").lines().limit(23)
                        .forEach(System.out::println);
            } finally {
                NodePeer.stop(serve);
            }
        } finally {
            BenchFiles.deleteTree(dir);
        }
    }

    private static void report(String when, long pid) throws Exception {
        String status = ServeMemory.status(pid);
        long anonymous = ServeMemory.kilobytes(status, "RssAnon");
        System.out.printf(Locale.ROOT, "%n== %s: RSS %d MiB (peak %d) = anonymous %d + files %d + shared %d; threads %s%n", when,
                ServeMemory.kilobytes(status, "VmRSS") / 1024, ServeMemory.kilobytes(status, "VmHWM") / 1024, anonymous / 1024,
                ServeMemory.kilobytes(status, "RssFile") / 1024, ServeMemory.kilobytes(status, "RssShmem") / 1024,
                threads(status));
        if (System.getenv().getOrDefault("JAVA_OPTS", "").contains("NativeMemoryTracking")) {
            String nmt = Launcher.run(ServeMemory.jcmd(), Long.toString(pid), "VM.native_memory", "summary", "scale=KB");
            StringBuilder line = new StringBuilder();
            long total = 0;
            for (String l : nmt.lines().map(String::strip).toList()) {
                Matcher m = NMT.matcher(l);
                Matcher t = NMT_TOTAL.matcher(l);
                if (t.find()) {
                    total = Long.parseLong(t.group(1));
                } else if (m.find() && Long.parseLong(m.group(2)) >= 1024) {
                    line.append(String.format(Locale.ROOT, " %s %.1f;", m.group(1), Long.parseLong(m.group(2)) / 1024.0));
                }
            }
            System.out.printf(Locale.ROOT, "   NMT committed %d MiB (anonymous outside NMT ~%d MiB):%s%n", total / 1024,
                    (anonymous - total) / 1024, line);
        }
        Map<String, long[]> groups = new LinkedHashMap<>();
        String group = null;
        for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "smaps"))) {
            Matcher m = MAPPING.matcher(l);
            if (m.matches()) {
                group = group(m.group(1));
            } else if (l.startsWith("Rss:")) {
                groups.computeIfAbsent(group, g -> new long[2])[0] += Long.parseLong(l.replaceAll("\\D", ""));
            } else if (l.startsWith("Anonymous:")) {
                groups.computeIfAbsent(group, g -> new long[2])[1] += Long.parseLong(l.replaceAll("\\D", ""));
            }
        }
        groups.entrySet().stream().filter(e -> e.getValue()[0] >= 1024)
                .sorted(Comparator.comparingLong((Map.Entry<String, long[]> e) -> e.getValue()[0]).reversed())
                .forEach(e -> System.out.printf(Locale.ROOT, "   %7.1f MiB (anonymous %6.1f)  %s%n", e.getValue()[0] / 1024.0,
                        e.getValue()[1] / 1024.0, e.getKey()));
    }

    private static String threads(String status) {
        Matcher m = Pattern.compile("Threads:\\s+(\\d+)").matcher(status);
        return m.find() ? m.group(1) : "?";
    }

    /** A mapping's group: anonymous memory as one, special mappings by name, index files by extension, other files by name. */
    private static String group(String path) {
        if (path.isEmpty()) {
            return "[anonymous mappings]";
        }
        if (path.startsWith("[")) {
            return path;
        }
        String name = path.substring(path.lastIndexOf('/') + 1).replace(" (deleted)", "");
        if (path.contains("/data/") || path.contains("docs-assistant-rss-")) {
            int dot = name.lastIndexOf('.');
            return "data files *" + (dot < 0 ? name : name.substring(dot));
        }
        return name;
    }
}
