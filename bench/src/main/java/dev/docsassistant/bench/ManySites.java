package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Many tenants on one server: {@code count} sites created through the admin API at run time, each
 * deployed with an upload of the example site ({@code examples/acme-docs}, packed once as the CLI
 * packs it) into one {@code bin/docs-assistant serve} process (the launcher's JVM flags, SQLite).
 * The sites go in four batches; after each, once all its deployments are active, the server's RSS
 * and thread count are read from {@code /proc}: a per-site thread or timer would show as threads
 * growing with the sites. At the end: the live heap after a full collection, and a page and a search
 * of the first and last site. Run: {@code bench/run ManySites [count]} (default 1000).
 */
public final class ManySites {
    private static final int BATCHES = 4;

    private ManySites() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        Machine.header("ManySites: " + count + " sites created and deployed through the admin API");
        Path example = Path.of("examples", "acme-docs").toAbsolutePath();
        byte[] archive = ServerProcess.tarGz(example);
        Path dir = Files.createTempDirectory("docs-assistant-manysites-");
        try (ServerProcess server = ServerProcess.start(dir, "")) {
            long pid = server.pid();
            Thread.sleep(2000); // start-up's own threads settle
            List<String[]> rows = new ArrayList<>();
            rows.add(row("started, no site", 0, 0, pid));
            List<String> ids = new ArrayList<>();
            long[] buildMillis = new long[count];
            long start = System.nanoTime();
            double uploadSeconds = 0;
            for (int batch = 0; batch < BATCHES; batch++) {
                int from = count * batch / BATCHES;
                int to = count * (batch + 1) / BATCHES;
                long uploadStart = System.nanoTime();
                for (int i = from; i < to; i++) {
                    server.createSite(domain(i), "bench");
                    ids.add(server.upload(domain(i), archive));
                }
                uploadSeconds += (System.nanoTime() - uploadStart) / 1e9;
                for (int i = from; i < to; i++) {
                    JsonNode d = server.awaitActive(domain(i), ids.get(i), Duration.ofMinutes(30));
                    buildMillis[i] = d.path("buildMillis").asLong();
                }
                rows.add(row(to + " sites active", to, (System.nanoTime() - start) / 1e9, pid));
            }
            double total = (System.nanoTime() - start) / 1e9;
            Thread.sleep(5000); // anything transient (a replaced index's grace period, idle pool threads) ends
            rows.add(row("5 s later", count, (System.nanoTime() - start) / 1e9, pid));
            ServeMemory.Heap heap = ServeMemory.heapAfterFullGc(pid);
            for (int i : new int[] {0, count - 1}) {
                int status = server.page(domain(i), "/quickstart").statusCode();
                if (status != 200) {
                    throw new IllegalStateException("site " + domain(i) + " answers " + status + " for /quickstart");
                }
            }
            Arrays.sort(buildMillis);
            System.out.printf(Locale.ROOT, "example site %s: %d bytes packed; server pid %d, launcher's JVM flags%n", example,
                    archive.length, pid);
            System.out.println();
            System.out.println("| when | sites active | elapsed s | RSS MiB | threads |");
            System.out.println("| --- | --- | --- | --- | --- |");
            rows.forEach(r -> System.out.println("| " + String.join(" | ", r) + " |"));
            System.out.println();
            System.out.printf(Locale.ROOT, "total %d sites created and deployed: %.1f s (%.1f sites/s; creating and uploading %.1f s"
                            + " of it); build per site p50 %d ms, max %d ms; heap live after full GC %d MiB (committed %d MiB);"
                            + " peak RSS %d MiB; load average %s%n", count, total, count / total, uploadSeconds,
                    buildMillis[count / 2], buildMillis[count - 1], heap.liveKb() / 1024, heap.committedKb() / 1024,
                    Machine.peakRssMb(pid), Machine.loadAverage());
        } finally {
            BenchFiles.deleteTree(dir);
        }
    }

    private static String domain(int i) {
        return "tenant-" + i;
    }

    private static String[] row(String when, int sites, double elapsed, long pid) throws Exception {
        return new String[] {when, Integer.toString(sites), String.format(Locale.ROOT, "%.1f", elapsed),
                Long.toString(Machine.rssMb(pid)), Integer.toString(Machine.threads(pid))};
    }
}
