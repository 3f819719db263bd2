package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The mintlify corpus (1,059 pages) deployed through the real {@code bin/docs-assistant deploy} to a
 * fleet of two {@code bin/docs-assistant serve} processes sharing one PostgreSQL store
 * ({@code DOCS_ASSISTANT_TEST_PG_URL}; a fresh database, dropped at the end) and the benches' one
 * embedding cache folder. The CLI uploads to server A; server B learns of the switch by
 * {@code LISTEN/NOTIFY}, fetches the files from the store and builds them itself.
 *
 * <p>Every deployment writes a new sentence into one page of a temp copy of the corpus; two threads
 * poll that page on A and on B until it shows. Times are taken from the CLI's own progress lines
 * (upload start: "packed …"; upload end: "deployment … building", printed on the 202) and the
 * deployment's {@code createdAt}/{@code activatedAt} as the server recorded them. Rounds: one warm-up
 * deploy (fills the embedding cache; not a target), {@code full} deploys of the whole corpus to a new
 * site each with the cache warm (nothing to start from: every page read, checked and indexed), then
 * {@code changes} one-page changes of the first site (only that page indexed again).
 * Run: {@code bench/run DeployMintlify [full [changes]]} (default 1 and 3).
 */
public final class DeployMintlify {
    private static final Pattern PACKED = Pattern.compile("^packed \\d+ files");
    private static final Pattern ACCEPTED = Pattern.compile("^deployment (dep_\\w+) of \\S+: building");
    private static final String DOMAIN = "mintlify";

    private DeployMintlify() {
    }

    /**
     * One deployment, in seconds, on the machine's wall clock (the bench's and the servers' own):
     * upload start is the CLI's "packed" line, upload end the deployment's {@code createdAt} (recorded
     * once the archive is unpacked and stored, just before the 202), active its {@code activatedAt}.
     */
    record Timing(String kind, double upload, double endToActive, double activeToServedA, double endToServedB,
                  double startToEveryServer, double cliExitAfterActive, long buildMs, int pages) {
    }

    public static void main(String[] args) throws Exception {
        int full = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        int changes = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        String admin = System.getenv("DOCS_ASSISTANT_TEST_PG_URL");
        if (admin == null || admin.isBlank()) {
            throw new IllegalStateException("set DOCS_ASSISTANT_TEST_PG_URL (eval \"$(cat /tmp/services.env)\"): the fleet shares PostgreSQL");
        }
        Machine.header("DeployMintlify: bin/docs-assistant deploy to a two-server fleet on PostgreSQL");
        Path dir = Files.createTempDirectory("docs-assistant-deploymintlify-");
        Path corpus = dir.resolve("mintlify");
        DevReload.copy(DevSet.corpus(DOMAIN), corpus);
        String name = "docs_bench_" + UUID.randomUUID().toString().replace("-", "");
        sql(admin, "CREATE DATABASE " + name);
        String url = admin.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
        Page page = Page.pick(corpus);
        List<Timing> timings = new ArrayList<>();
        try (ServerProcess a = ServerProcess.start(dir.resolve("a"), "store: {url: \"" + url + "\"}");
             ServerProcess b = ServerProcess.start(dir.resolve("b"), "store: {url: \"" + url + "\"}")) {
            System.out.printf(Locale.ROOT, "servers: A pid %d port %d, B pid %d port %d; page changed each round: %s%n",
                    a.pid(), a.port, b.pid(), b.port, page.path);
            a.createSite(DOMAIN, "bench");
            timings.add(deploy("warm-up (first deploy)", DOMAIN, a, b, corpus, page));
            for (int i = 0; i < full; i++) {
                // A site of its own: nothing to start from, so every page is read, checked and indexed.
                String fresh = DOMAIN + "-full-" + (i + 1);
                a.createSite(fresh, "bench");
                timings.add(deploy("whole corpus, new site, cache warm", fresh, a, b, corpus, page));
            }
            for (int i = 0; i < changes; i++) {
                timings.add(deploy("one page changed", DOMAIN, a, b, corpus, page));
            }
            System.out.println();
            System.out.println("| deployment | upload s | upload end → active s | active → served on A s | upload end → served on B s"
                    + " | upload start → served on every server s | CLI exit after active s | build ms | pages |");
            System.out.println("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
            for (Timing t : timings) {
                System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %d | %d |%n", t.kind, t.upload,
                        t.endToActive, t.activeToServedA, t.endToServedB, t.startToEveryServer, t.cliExitAfterActive, t.buildMs, t.pages);
            }
            System.out.printf(Locale.ROOT, "targets: upload end → active ≤ 10 s (whole corpus, cache warm); upload → served on"
                    + " every server ≤ 3 s (one page). RSS now: A %d MiB (peak %d), B %d MiB (peak %d); load average %s%n",
                    Machine.rssMb(a.pid()), Machine.peakRssMb(a.pid()), Machine.rssMb(b.pid()), Machine.peakRssMb(b.pid()),
                    Machine.loadAverage());
        } finally {
            sql(admin, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            BenchFiles.deleteTree(dir);
        }
    }

    /** Writes a new sentence into the page, runs {@code deploy} against A and times it until both servers show it. */
    private static Timing deploy(String kind, String domain, ServerProcess a, ServerProcess b, Path corpus, Page page) throws Exception {
        String word = "zq" + Long.toString(System.nanoTime(), 36);
        Files.writeString(page.file, Files.readString(page.file) + "\n\nThe " + word + " sentence was deployed by the bench.\n");
        CompletableFuture<Long> servedA = served(a, domain, page.path, word);
        CompletableFuture<Long> servedB = served(b, domain, page.path, word);
        Process cli = a.deployCommand(domain, corpus).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long packed = -1; // wall-clock milliseconds from here on: comparable with the servers' records
        long accepted = -1;
        String id = null;
        StringBuilder out = new StringBuilder();
        try (BufferedReader err = new BufferedReader(new InputStreamReader(cli.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = err.readLine()) != null) {
                long now = System.currentTimeMillis();
                out.append(line).append('\n');
                if (packed < 0 && PACKED.matcher(line).find()) {
                    packed = now;
                }
                Matcher m = ACCEPTED.matcher(line);
                if (accepted < 0 && m.find()) {
                    accepted = now;
                    id = m.group(1);
                }
            }
        }
        if (!cli.waitFor(20, TimeUnit.MINUTES) || cli.exitValue() != 0 || packed < 0 || accepted < 0) {
            throw new IllegalStateException("deploy failed:\n" + out);
        }
        long exited = System.currentTimeMillis();
        long onA = servedA.get(20, TimeUnit.MINUTES);
        long onB = servedB.get(20, TimeUnit.MINUTES);
        JsonNode d = a.deployment(domain, id);
        long created = Instant.parse(d.path("createdAt").asText()).toEpochMilli();
        long active = Instant.parse(d.path("activatedAt").asText()).toEpochMilli();
        Timing t = new Timing(kind, (created - packed) / 1e3, (active - created) / 1e3, (onA - active) / 1e3, (onB - created) / 1e3,
                (Math.max(onA, onB) - packed) / 1e3, (exited - active) / 1e3, d.path("buildMillis").asLong(), d.path("pages").asInt());
        System.out.printf(Locale.ROOT, "%s: %s%n", kind, t);
        return t;
    }

    /** Polls a server's page every 50 ms until it shows {@code word}; completes with the wall clock's milliseconds then. */
    private static CompletableFuture<Long> served(ServerProcess server, String domain, String path, String word) {
        CompletableFuture<Long> seen = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            long deadline = System.nanoTime() + Duration.ofMinutes(20).toNanos();
            try {
                while (System.nanoTime() < deadline) {
                    var res = server.page(domain, path);
                    if (res.statusCode() == 200 && res.body().contains(word)) {
                        seen.complete(System.currentTimeMillis());
                        return;
                    }
                    Thread.sleep(50);
                }
                seen.completeExceptionally(new IllegalStateException("port " + server.port + " never served " + word + " on " + path));
            } catch (Exception e) {
                seen.completeExceptionally(e);
            }
        });
        return seen;
    }

    /** The page each round changes: a top-level page of the corpus, and its URL path. */
    private record Page(Path file, String path) {
        static Page pick(Path corpus) throws IOException {
            try (Stream<Path> files = Files.walk(corpus)) {
                Path f = files.filter(p -> p.toString().endsWith(".mdx") && !corpus.relativize(p).toString().startsWith("snippets")
                        && corpus.relativize(p).getNameCount() == 2).sorted().findFirst().orElseThrow();
                return new Page(f, "/" + corpus.relativize(f).toString().replaceAll("\\.mdx$", "").replaceAll("(^|/)index$", ""));
            }
        }
    }

    static void sql(String url, String statement) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }
}
