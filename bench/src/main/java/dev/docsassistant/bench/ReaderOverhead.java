package dev.docsassistant.bench;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.readers.ReaderCookie;
import dev.docsassistant.server.DevHooks;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a signed-in reader costs over a public visitor, in process: the mintlify corpus served twice
 * (keyword search: the embeddings are the same work on both sides), once public and once behind a
 * password sign-in, and the same request against each, the private site's with a reader's session
 * cookie: page views, search-page queries ({@code /_search?q=}) and the search box's API call.
 *
 * <p>End-to-end times on a shared machine swing by a millisecond between runs, more than the 0.2 ms
 * to prove, so each request is timed inside the server ({@link HandlerClock}: the handling thread's
 * CPU time, and its wall time, from the first filter after the host check to the response written),
 * and requests come in pairs, one public and one signed in, on the same path back to back (which goes
 * first alternating): load on the machine falls on both of a pair alike. The result is the median of
 * the pairs' differences with a 95 % bootstrap confidence interval, over thousands of pairs; and the
 * session look-up alone, which is all a signed-in request adds by itself.
 * Run: {@code bench/run ReaderOverhead [pairs per kind]}.
 */
public final class ReaderOverhead {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<String> PAGES = List.of("/quickstart", "/changelog", "/deploy/authentication-setup",
            "/create/personalization", "/ai-native", "/advanced-support");
    private static final List<String> QUERIES = List.of("custom domain", "authentication setup", "api playground",
            "personalization content", "analytics export", "openapi reference");
    private static final Pattern PAGE_KEY = Pattern.compile("\"assistantKey\":\"([^\"]+)\"");
    private static final int RESAMPLES = 2000;
    /** The bound: a signed-in request may cost this much more than a public one. */
    private static final double TARGET_MS = 0.2;
    private static long nextId;

    private ReaderOverhead() {
    }

    /** A request's answer: how the server spent it, and the size of its body (the two sides' should match). */
    private record Answer(HandlerClock.Sample time, int chars) {
    }

    /** One kind of request, on the public site or the private one (with the reader's cookie). */
    private interface Request {
        HttpRequest.Builder of(String site, int i);
    }

    public static void main(String[] args) throws Exception {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        Path dir = Files.createTempDirectory("docs-assistant-bench-readers-");
        Path config = dir.resolve("application.yaml");
        Path corpus = DevSet.corpus("mintlify").toAbsolutePath();
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  search: {mode: keyword}
                  limits: {organization-per-hour: 1000000000, ip-per-day: 1000000000, site-pages-per-hour: 1000000000}
                  sites:
                    - {domain: open, organization: bench, path: %s}
                    - {domain: private, organization: bench, path: %s, reader-auth: {method: password, password: bench-password}}
                """.formatted(corpus, corpus));
        App app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
        HandlerClock clock = new HandlerClock();
        WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
        ServerSetup.configure(builder, app, new DevHooks(routing -> routing.addFilter(clock), UnaryOperator.identity(), false));
        WebServer server = builder.build().start();
        try {
            Machine.header("ReaderOverhead, " + pairs + " pairs per kind");
            String token = app.readers().sessions().open("private", Reader.anonymous(Instant.now().plus(1, ChronoUnit.DAYS)));
            String cookie = ReaderCookie.SESSION + "=" + token;
            lookups(app, token);
            String base = "http://127.0.0.1:" + server.port() + "/sites/";
            Map<String, String> keys = Map.of("open", pageKey(base + "open/quickstart", null),
                    "private", pageKey(base + "private/quickstart", cookie));
            Request views = (site, i) -> HttpRequest.newBuilder(URI.create(base + site + PAGES.get(i % PAGES.size()))).GET();
            Request searchPage = (site, i) -> HttpRequest.newBuilder(URI.create(base + site + "/_search?q="
                    + URLEncoder.encode(QUERIES.get(i % QUERIES.size()), StandardCharsets.UTF_8))).GET();
            Request searchBox = (site, i) -> HttpRequest.newBuilder(URI.create(base + site + "/_api/v1/search/" + site))
                    .header("Authorization", "Bearer " + keys.get(site)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"" + QUERIES.get(i % QUERIES.size())
                            + "\", \"pageSize\": 8, \"channel\": \"site\"}"));
            pairs("page view", views, PAGES.size(), cookie, clock, pairs);
            pairs("search page", searchPage, QUERIES.size(), cookie, clock, pairs);
            pairs("search box (API)", searchBox, QUERIES.size(), cookie, clock, pairs);
            System.out.println("load average at the end: " + Machine.loadAverage());
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

    /**
     * {@code count} pairs of one kind after a warm-up of both sides: each pair the same request public
     * and signed in, back to back, which first alternating per path and round.
     */
    private static void pairs(String kind, Request request, int paths, String cookie, HandlerClock clock, int count) throws Exception {
        for (int i = 0; i < 20 * paths; i++) {
            timed(request.of("open", i), null, clock);
            timed(request.of("private", i), cookie, clock);
        }
        long[] cpuOpen = new long[count];
        long[] cpuIn = new long[count];
        long[] wallOpen = new long[count];
        long[] wallIn = new long[count];
        long charsOpen = 0;
        long charsIn = 0;
        int kept = 0;
        int moved = 0;
        for (int i = 0; kept < count; i++) {
            boolean openFirst = (i / paths + i % paths) % 2 == 0;
            Answer first = timed(request.of(openFirst ? "open" : "private", i), openFirst ? null : cookie, clock);
            Answer second = timed(request.of(openFirst ? "private" : "open", i), openFirst ? cookie : null, clock);
            if (!first.time().sameCarrier() || !second.time().sameCarrier()) {
                moved++;
                continue;
            }
            charsOpen += (openFirst ? first : second).chars();
            charsIn += (openFirst ? second : first).chars();
            HandlerClock.Sample open = (openFirst ? first : second).time();
            HandlerClock.Sample in = (openFirst ? second : first).time();
            cpuOpen[kept] = open.cpuNanos();
            cpuIn[kept] = in.cpuNanos();
            wallOpen[kept] = open.wallNanos();
            wallIn[kept] = in.wallNanos();
            kept++;
        }
        System.out.printf(Locale.ROOT, "%s: %d pairs (%d more left out: a request moved between carrier threads);"
                + " answers of %d chars public, %d signed in (mean)%n", kind, count, moved, charsOpen / count, charsIn / count);
        report("  server CPU", cpuOpen, cpuIn);
        report("  server wall", wallOpen, wallIn);
    }

    private static void report(String what, long[] open, long[] in) {
        long[] diff = new long[open.length];
        for (int i = 0; i < diff.length; i++) {
            diff[i] = in[i] - open[i];
        }
        double median = median(diff);
        double[] ci = bootstrapMedian(diff);
        System.out.printf(Locale.ROOT, "%s: public median %.3f ms, signed in median %.3f ms; paired difference median %+.4f ms,"
                        + " 95%% CI [%+.4f, %+.4f] ms, quartiles [%+.4f, %+.4f] ms; %s%n",
                what, median(open), median(in), median, ci[0], ci[1], quantile(diff, 0.25), quantile(diff, 0.75),
                ci[1] <= TARGET_MS ? "within " + TARGET_MS + " ms" : "NOT shown within " + TARGET_MS + " ms");
    }

    /** The 2.5th and 97.5th percentiles of the medians of {@link #RESAMPLES} resamples (fixed seed), in ms. */
    private static double[] bootstrapMedian(long[] diff) {
        SplittableRandom random = new SplittableRandom(46);
        double[] medians = new double[RESAMPLES];
        long[] sample = new long[diff.length];
        for (int b = 0; b < RESAMPLES; b++) {
            for (int i = 0; i < sample.length; i++) {
                sample[i] = diff[random.nextInt(diff.length)];
            }
            medians[b] = median(sample);
        }
        Arrays.sort(medians);
        return new double[] {medians[(int) (RESAMPLES * 0.025)], medians[(int) (RESAMPLES * 0.975) - 1]};
    }

    private static Answer timed(HttpRequest.Builder request, String cookie, HandlerClock clock) throws Exception {
        String id = Long.toString(++nextId);
        request.header(HandlerClock.HEADER.defaultCase(), id);
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        HttpResponse<String> r = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(r.request().uri() + " answered " + r.statusCode() + " (expected 200): the comparison would be unfair");
        }
        return new Answer(clock.take(id), r.body().length());
    }

    private static String pageKey(String url, String cookie) throws Exception {
        HttpRequest.Builder get = HttpRequest.newBuilder(URI.create(url)).GET();
        String page = HTTP.send((cookie == null ? get : get.header("Cookie", cookie)).build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = PAGE_KEY.matcher(page);
        if (!m.find()) {
            throw new IllegalStateException(url + " embeds no page key");
        }
        return m.group(1);
    }

    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double median(long[] nanos) {
        return quantile(nanos, 0.5);
    }

    private static double quantile(long[] nanos, double q) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))] / 1e6;
    }
}
