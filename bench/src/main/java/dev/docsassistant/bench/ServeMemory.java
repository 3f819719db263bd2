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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The memory of {@code bin/docs-assistant serve} as an operator starts it (the launcher's default
 * heap), serving both shared corpora: its RSS and live heap once every site is indexed, then again
 * after the {@link AssistantLatency} loads (50 paced clients, then 50 back to back). The live heap is
 * what {@code jcmd GC.heap_info} reports used right after a full collection ({@code jcmd GC.run}).
 * Run: {@code bench/run ServeMemory [answers-per-client [no-question-cache]]} ({@code no-question-cache}: the
 * question cache off, as {@link NodePeer} runs the server, so every answer embeds its question).
 */
public final class ServeMemory {
    private static final Pattern LISTENING = Pattern.compile("listening on http://[^:]+:(\\d+)");
    /**
     * The heap's lines of {@code GC.heap_info}: G1 "garbage-first heap total reserved …K, committed …K,
     * used …K"; the serial and parallel collectors one line per generation, e.g. "DefNew total …K, used …K"
     * (total is what is committed).
     */
    private static final Pattern HEAP = Pattern.compile("\\stotal (?:reserved \\d+K, committed )?(\\d+)K, used (\\d+)K");

    private ServeMemory() {
    }

    public static void main(String[] args) throws Exception {
        int perClient = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Path dir = Files.createTempDirectory("docs-assistant-memory-");
        Path config = dir.resolve("application.yaml");
        boolean noCache = args.length > 1 && args[1].equals("no-question-cache");
        String yaml = BenchApps.corporaYaml(BenchApps.UNLIMITED);
        Files.writeString(config, noCache ? yaml.replace("search: {", "search: {question-cache: false, ") : yaml);
        String launcher = Launcher.path();
        String key = Launcher.createKey(config);
        Process serve = new ProcessBuilder(launcher, "serve", "--config", config.toString(), "--port", "0")
                .redirectErrorStream(true).start();
        try {
            int port = awaitPort(serve, new StringBuilder());
            awaitReady(port);
            System.out.println("serve pid " + serve.pid() + " (launcher flags; JAVA_OPTS=" + System.getenv().getOrDefault("JAVA_OPTS", "") + ")");
            report("indexed, before load", serve.pid());
            List<String> bodies = new ArrayList<>();
            for (String corpus : DevSet.CORPORA) {
                for (DevSet.Question q : DevSet.questions(corpus)) {
                    bodies.add(corpus + "\n" + ClientLoad.v2Body(q.q(), q.version(), q.language()));
                }
            }
            AssistantLatency.Target target = new AssistantLatency.Target(port, "Bearer " + key, bodies);
            AssistantLatency.run(target, new ClientLoad(50, 10, 0), false);
            AssistantLatency.run(target, new ClientLoad(50, perClient, 250), true);
            AssistantLatency.run(target, new ClientLoad(50, perClient, 0), true);
            report("after load", serve.pid());
        } finally {
            serve.destroy();
            serve.waitFor(60, TimeUnit.SECONDS);
            BenchFiles.deleteTree(dir);
        }
    }

    /** RSS (now and its peak; anonymous and file-backed) from /proc, then the heap: committed, and live after a full collection. */
    private static void report(String when, long pid) throws Exception {
        String status = status(pid);
        long rss = kilobytes(status, "VmRSS");
        long peak = kilobytes(status, "VmHWM");
        // Anonymous memory is the JVM's own (heap, metaspace, code, threads, malloc); the rest is mapped
        // files (index, model, AOT cache, jars) that the OS may drop and share.
        long anonymous = kilobytes(Files.readString(Path.of("/proc", Long.toString(pid), "smaps_rollup")), "Anonymous");
        Heap heap = heapAfterFullGc(pid);
        System.out.printf(Locale.ROOT, "%-22s RSS %4d MB (peak %4d MB; anonymous %4d MB, files %4d MB) | heap committed %4d MB,"
                        + " live after full GC %4d MB%n",
                when, rss / 1024, peak / 1024, anonymous / 1024, (rss - anonymous) / 1024, heap.committedKb() / 1024,
                heap.liveKb() / 1024);
        if (System.getenv().getOrDefault("JAVA_OPTS", "").contains("NativeMemoryTracking")) {
            String nmt = Launcher.run(jcmd(), Long.toString(pid), "VM.native_memory", "summary", "scale=MB");
            nmt.lines().filter(l -> l.matches("^(Total:|-\\s+.*\\(reserved=).*")).map(String::strip)
                    .forEach(l -> System.out.println("    " + l));
        }
    }

    /** The heap of a JVM in KiB: committed as the server left it, and used right after a full collection (the live set). */
    record Heap(long committedKb, long liveKb) {
    }

    /** Reads the committed heap, runs a full collection in JVM {@code pid} ({@code jcmd GC.run}), then reads what is used. */
    static Heap heapAfterFullGc(long pid) throws Exception {
        long committed = heapKilobytes(pid)[0];
        Launcher.run(jcmd(), Long.toString(pid), "GC.run");
        return new Heap(committed, heapKilobytes(pid)[1]);
    }

    /** The heap's committed and used KiB, from {@code GC.heap_info}. */
    static long[] heapKilobytes(long pid) throws Exception {
        long[] committedUsed = new long[2];
        for (Matcher m = HEAP.matcher(Launcher.run(jcmd(), Long.toString(pid), "GC.heap_info")); m.find(); ) {
            committedUsed[0] += Long.parseLong(m.group(1));
            committedUsed[1] += Long.parseLong(m.group(2));
        }
        return committedUsed;
    }

    static String jcmd() {
        return Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
    }

    /** {@code /proc/PID/status}. */
    static String status(long pid) throws IOException {
        return Files.readString(Path.of("/proc", Long.toString(pid), "status"));
    }

    /** A "Field:  N kB" line of {@code /proc/PID/status}, in KiB; -1 when missing. */
    static long kilobytes(String status, String field) {
        Matcher m = Pattern.compile(field + ":\\s+(\\d+) kB").matcher(status);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    /**
     * The port {@code serve} prints once listening; its output keeps being appended to {@code log}
     * (synchronized on it) until the process ends.
     */
    static int awaitPort(Process serve, StringBuilder log) throws Exception {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    synchronized (log) {
                        log.append(line).append('\n');
                    }
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        port.complete(Integer.parseInt(m.group(1)));
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
            synchronized (log) {
                port.completeExceptionally(new IllegalStateException("serve exited before listening:\n" + log));
            }
        });
        return port.get(20, TimeUnit.MINUTES);
    }

    /** Polls readiness: the port opens before the sites are indexed. */
    static void awaitReady(int port) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/observe/health/ready")).build();
        long deadline = System.nanoTime() + Duration.ofMinutes(30).toNanos();
        while (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("serve did not turn ready");
            }
            Thread.sleep(500);
        }
    }
}
