package dev.docsassistant.bench;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.insights.AnswerRecord;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.insights.CitedPage;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.security.DashboardAccounts;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * How long the insights page of a site with many stored questions takes to render, over real HTTP
 * (session cookie, store queries, HTML): 100,000 questions over 90 days by default, written through the
 * insights log's own write path, a quarter of them unanswered in about 2,000 wordings, three cited
 * pages per answered question, 2 % with feedback, 10,000 searches without results. Times the default view (last 30 days) and the whole 90 days.
 * Run: {@code bench/run InsightsRender [questions] [jdbc-url]} (SQLite in a temporary folder unless a
 * JDBC URL, e.g. PostgreSQL, is given).
 */
public final class InsightsRender {
    private static final int DAYS = 90;
    private static final String[] TOPICS = {"retries", "webhooks", "signing secrets", "rate limits", "pagination", "SDKs",
            "OAuth scopes", "event types", "idempotency keys", "sandbox", "billing", "audit logs", "SAML", "SCIM", "regions"};
    private static final String[] ASKS = {"How do I configure %s?", "What are the limits of %s?", "Can I use %s with %s?",
            "Why does %s fail with %s?", "Is there an example of %s for %s?", "Does %s support %s in production?"};

    private InsightsRender() {
    }

    public static void main(String[] args) throws Exception {
        // The dashboard answers on its own host only: requests name it in Host (before HttpClient loads).
        System.setProperty("jdk.httpclient.allowRestrictedHeaders", "host");
        int questions = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        Path dir = Files.createTempDirectory("docs-assistant-bench-insights-");
        Files.createDirectories(dir.resolve("site"));
        Files.writeString(dir.resolve("site/docs.json"), "{\"name\": \"Bench\", \"navigation\": {\"groups\": [{\"group\": \"G\", \"pages\": [\"index\"]}]}}");
        Files.writeString(dir.resolve("site/index.mdx"), "---\ntitle: Home\n---\n\nWelcome.\n");
        Files.writeString(dir.resolve("application.yaml"), "docs-assistant:\n  data-dir: data\n"
                + (args.length > 1 ? "  store:\n    url: \"" + args[1] + "\"\n" : "")
                + "  site-pages:\n    page-keys: false\n  sites:\n    - {domain: docs, organization: bench, path: site}\n");
        try (App app = Bootstrap.start(AppConfig.load(dir.resolve("application.yaml")), new PrintStream(OutputStream.nullOutputStream()))) {
            long seeded = System.nanoTime();
            seed(app, questions);
            System.out.printf(Locale.ROOT, "seeded %,d questions in %.1f s (%s)%n", questions, (System.nanoTime() - seeded) / 1e9,
                    app.database().dialect());
            WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
            ServerSetup.configure(builder, app);
            WebServer server = builder.build().start();
            try {
                DashboardAccounts.Opened session = app.accounts().redeem(app.accounts().addUserWithLink("bench", "bench@example.com"))
                        .orElseThrow();
                String cookie = "da_session=" + session.token();
                String base = "http://127.0.0.1:" + server.port() + "/dashboard/bench/docs";
                LocalDate today = LocalDate.now(ZoneOffset.UTC);
                HttpClient client = HttpClient.newHttpClient();
                time(client, cookie, base, "last 30 days (default)");
                time(client, cookie, base + "?from=" + today.minusDays(DAYS - 1) + "&to=" + today, "all " + DAYS + " days");
                time(client, cookie, base + "/conversations?from=" + today.minusDays(DAYS - 1) + "&to=" + today,
                        "conversations list, " + DAYS + " days");
            } finally {
                server.stop();
            }
        }
    }

    private static void time(HttpClient client, String cookie, String url, String label) throws Exception {
        time(client, cookie, url, label, 30);
    }

    /** Times {@code runs} GETs of a dashboard page after 5 of warm-up (each must answer 200) and prints p50, p90, p95, max. */
    static void time(HttpClient client, String cookie, String url, String label, int runs) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("cookie", cookie)
                .header("Host", "dashboard.localhost:" + URI.create(url).getPort()).version(HttpClient.Version.HTTP_1_1).GET().build();
        int bytes = 0;
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> res = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (res.statusCode() != 200) {
                throw new IllegalStateException(url + " answered " + res.statusCode() + ": " + res.body());
            }
            bytes = res.body().length();
        }
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            client.send(request, HttpResponse.BodyHandlers.ofString());
            ms[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(ms);
        System.out.printf(Locale.ROOT, "%-34s p50 %6.1f ms  p90 %6.1f ms  p95 %6.1f ms  max %6.1f ms  (%,d chars of HTML, %d runs)%n",
                label, ms[runs / 2], ms[(int) (runs * 0.9)], ms[(int) Math.ceil(runs * 0.95) - 1], ms[runs - 1], bytes, runs);
    }

    /** Writes {@code questions} answers through the insights log's own write path, 5,000 to a transaction. */
    private static void seed(App app, int questions) {
        Random random = new Random(42);
        long now = System.currentTimeMillis();
        long day = Duration.ofDays(1).toMillis();
        for (int from = 0; from < questions; from += 5_000) {
            int start = from;
            int end = Math.min(questions, from + 5_000);
            app.database().transaction(c -> {
                try (PreparedStatement miss = c.prepareStatement("INSERT INTO search_misses (domain, channel, query, created_at) "
                        + "VALUES ('docs', 'rest-v1', ?, ?)")) {
                    for (int i = start; i < end; i++) {
                        long at = now - (long) (random.nextDouble() * DAYS * day);
                        boolean answered = random.nextInt(4) != 0;
                        String question = String.format(ASKS[random.nextInt(ASKS.length)], TOPICS[random.nextInt(TOPICS.length)],
                                answered ? TOPICS[random.nextInt(TOPICS.length)] : "Tool" + random.nextInt(140));
                        List<CitedPage> sources = new ArrayList<>();
                        for (int s = 0; answered && s < 3; s++) {
                            int page = random.nextInt(50);
                            sources.add(new CitedPage("/guides/page" + page + "#s" + s, "Page " + page));
                        }
                        String thread = "thr_bench" + (i / 2);
                        InsightsLog.write(c, new AnswerRecord("msg_bench" + i, thread, "docs", random.nextInt(5) == 0 ? Channel.GRPC
                                : Channel.REST_V2, question, answered ? "From the guide: the answer, quoted from the docs." : "The docs do not cover this.",
                                sources, answered, 5 + random.nextInt(50), Instant.ofEpochMilli(at)));
                        if (random.nextInt(50) == 0) {
                            InsightsLog.writeFeedback(c, "docs", thread, "msg_bench" + i, answered,
                                    random.nextBoolean() ? "Comment number " + i : null, at);
                        }
                        if (i % 10 == 0) {
                            miss.setString(1, "tool" + random.nextInt(300) + " setup");
                            miss.setLong(2, at);
                            miss.executeUpdate();
                        }
                    }
                }
                return null;
            });
        }
    }
}
