package dev.docsassistant.bench;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.readers.ReaderCookie;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a signed-in reader costs over a public visitor, in process (server and client in this JVM):
 * the mintlify corpus served twice (keyword search: the embeddings are the same work on both sides), once public and once behind a password sign-in, and the same page
 * views and search-page queries against each, the private site's with a reader's session cookie.
 * Interleaved in blocks so load on the machine falls on both alike; wall time per request (median,
 * mean) and the process's CPU time per request; and the session look-up alone, which is all a signed-in
 * request adds by itself. Run: {@code bench/run ReaderOverhead [rounds]}.
 */
public final class ReaderOverhead {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<String> PAGES = List.of("/quickstart", "/changelog", "/deploy/authentication-setup",
            "/create/personalization", "/ai-native", "/advanced-support");
    private static final List<String> QUERIES = List.of("custom+domain", "authentication+setup", "api+playground",
            "personalization+content", "analytics+export", "openapi+reference");

    private ReaderOverhead() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        Path dir = Files.createTempDirectory("docs-assistant-bench-readers-");
        Path config = dir.resolve("application.yaml");
        Path corpus = DevSet.corpus("mintlify").toAbsolutePath();
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  search: {mode: keyword}
                  limits: {organization-per-hour: 1000000000, ip-per-day: 1000000000}
                  sites:
                    - {domain: open, organization: bench, path: %s}
                    - {domain: private, organization: bench, path: %s, reader-auth: {method: password, password: bench-password}}
                """.formatted(corpus, corpus));
        App app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
        WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
        ServerSetup.configure(builder, app);
        WebServer server = builder.build().start();
        try {
            String token = app.readers().sessions().open("private", Reader.anonymous(Instant.now().plus(1, ChronoUnit.DAYS)));
            String cookie = ReaderCookie.SESSION + "=" + token;
            lookups(app, token);
            String base = "http://127.0.0.1:" + server.port() + "/sites/";
            List<String> views = PAGES;
            List<String> searches = QUERIES.stream().map(q -> "/_search?q=" + q).toList();
            for (String path : concat(views, searches)) {
                check(base + "open" + path, null);
                check(base + "private" + path, cookie);
            }
            report("page view", base, views, cookie, rounds);
            report("search page", base, searches, cookie, rounds);
        } finally {
            server.stop();
            app.close();
        }
    }

    /** The part a signed-in request adds by itself: finding the session of its cookie (cached after the first). */
    private static void lookups(App app, String token) {
        int n = 200_000;
        long cpuStart = processCpu();
        long start = System.nanoTime();
        int found = 0;
        for (int i = 0; i < n; i++) {
            found += app.readers().reader("private", java.util.Optional.of(token)).isPresent() ? 1 : 0;
        }
        long wall = System.nanoTime() - start;
        System.out.printf(Locale.ROOT, "session look-up (%d, %d found): %.2f µs each, CPU %.2f µs%n",
                n, found, wall / 1e3 / n, (processCpu() - cpuStart) / 1e3 / n);
    }

    private static void report(String kind, String base, List<String> paths, String cookie, int rounds) throws Exception {
        int n = rounds * paths.size();
        long[] open = new long[n];
        long[] signedIn = new long[n];
        long[] cpu = new long[2];
        // Warm both alike first, then alternate blocks so neither side gets the quieter moments.
        measure(base + "open", paths, null, new long[paths.size()], 0, new long[1], 0);
        measure(base + "private", paths, cookie, new long[paths.size()], 0, new long[1], 0);
        for (int round = 0; round < rounds; round++) {
            int at = round * paths.size();
            if (round % 2 == 0) {
                measure(base + "open", paths, null, open, at, cpu, 0);
                measure(base + "private", paths, cookie, signedIn, at, cpu, 1);
            } else {
                measure(base + "private", paths, cookie, signedIn, at, cpu, 1);
                measure(base + "open", paths, null, open, at, cpu, 0);
            }
        }
        double openMedian = median(open);
        double inMedian = median(signedIn);
        System.out.printf(Locale.ROOT, "%s (%d requests each): public median %.3f ms, mean %.3f ms, CPU %.3f ms; "
                        + "signed in median %.3f ms, mean %.3f ms, CPU %.3f ms; difference median %+.3f ms, mean %+.3f ms, CPU %+.3f ms%n",
                kind, n, openMedian, mean(open), cpu[0] / 1e6 / n, inMedian, mean(signedIn), cpu[1] / 1e6 / n,
                inMedian - openMedian, mean(signedIn) - mean(open), (cpu[1] - cpu[0]) / 1e6 / n);
    }

    private static void measure(String site, List<String> paths, String cookie, long[] into, int at, long[] cpu, int slot)
            throws Exception {
        long cpuStart = processCpu();
        for (int i = 0; i < paths.size(); i++) {
            long start = System.nanoTime();
            get(site + paths.get(i), cookie);
            into[at + i] = System.nanoTime() - start;
        }
        cpu[slot] += processCpu() - cpuStart;
    }

    private static void check(String url, String cookie) throws Exception {
        HttpResponse<String> r = get(url, cookie);
        if (r.statusCode() != 200) {
            throw new IllegalStateException(url + " answered " + r.statusCode() + " (expected 200): the comparison would be unfair");
        }
    }

    private static HttpResponse<String> get(String url, String cookie) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).GET();
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    private static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }

    private static double mean(long[] nanos) {
        return Arrays.stream(nanos).average().orElse(0) / 1e6;
    }
}
