package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.insights.AnswerRecord;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.insights.CitedPage;
import dev.docsassistant.insights.GapGrouping;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.security.DashboardAccounts;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
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
 * Issue 34's targets with 100,000 recorded questions for one site: every dashboard page of the site
 * (insights, gaps per week/month/quarter, feedback, conversations) in ≤ 300 ms p95 over real HTTP,
 * and grouping a new day's 5,000 gap questions in ≤ 30 s. The questions are the dev questions
 * (/work/wt/shared/eval/*-dev.jsonl, or the folder given) paraphrased and mixed with noise (greetings,
 * typos, dropped words, half of one question with half of another, product names), spread over 90
 * days, a quarter of them unanswered, 2 % with feedback, one search without results per ten questions,
 * one recorded search per question (an eighth finding nothing, a third of the rest opened) and 90 days
 * of page reads for 200 pages by every audience, so the Search, Pages and Agents views have their data.
 * The recorded backlog is grouped first (timed too), then a new day of 5,000 gaps.
 * Run: {@code bench/run InsightsGapsRender [questions] [eval-folder] [pages]} ({@code pages}: time the views
 * alone, without grouping).
 */
public final class InsightsGapsRender {
    private static final int DAYS = 90;
    private static final String[] PREFIXES = {"", "", "", "Hi, ", "Quick question: ", "In the docs, ", "hey - ", "Please help: "};
    private static final String[] SUFFIXES = {"", "", "?", " Thanks!", " (asking for my team)", " in production?", " asap", " on v2?"};

    private InsightsGapsRender() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("jdk.httpclient.allowRestrictedHeaders", "host");
        int questions = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        Path evalDir = Path.of(args.length > 1 ? args[1] : "/work/wt/shared/eval");
        List<String> dev = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (var files = Files.list(evalDir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith("-dev.jsonl")).sorted().toList()) {
                for (String line : Files.readAllLines(f)) {
                    if (!line.isBlank()) {
                        dev.add(json.readTree(line).get("q").asText());
                    }
                }
            }
        }
        Path dir = Files.createTempDirectory("docs-assistant-bench-gaps-");
        Files.createDirectories(dir.resolve("site"));
        Files.writeString(dir.resolve("site/docs.json"), "{\"name\": \"Bench\", \"navigation\": {\"groups\": [{\"group\": \"G\", \"pages\": [\"index\"]}]}}");
        Files.writeString(dir.resolve("site/index.mdx"), "---\ntitle: Home\n---\n\nWelcome.\n");
        Files.writeString(dir.resolve("application.yaml"), "docs-assistant:\n  data-dir: data\n"
                + "  site-pages:\n    page-keys: false\n  sites:\n    - {domain: docs, organization: bench, path: site}\n");
        try (App app = Bootstrap.start(AppConfig.load(dir.resolve("application.yaml")), new PrintStream(OutputStream.nullOutputStream()))) {
            Random random = new Random(42);
            long now = System.currentTimeMillis();
            long seeded = System.nanoTime();
            seed(app, dev, random, questions, now - Duration.ofDays(DAYS).toMillis(), now - Duration.ofHours(1).toMillis(), 4);
            System.out.printf(Locale.ROOT, "seeded %,d questions from %d dev questions in %.1f s (%s, %d cores)%n", questions, dev.size(),
                    (System.nanoTime() - seeded) / 1e9, app.database().dialect(), Runtime.getRuntime().availableProcessors());
            seedTraffic(app, random, now);
            boolean pagesOnly = args.length > 2 && args[2].equals("pages"); // the views alone, gaps left ungrouped
            GapGrouping grouping = new GapGrouping(app.database(), null, Clock.systemUTC());
            if (!pagesOnly) {
            long backlog = System.nanoTime();
            long backlogCpu = processCpuNanos();
            int grouped = grouping.runOnce();
            System.out.printf(Locale.ROOT, "grouped the backlog: %,d gap questions in %.1f s (%.1f s of CPU) into %,d groups%n", grouped,
                    (System.nanoTime() - backlog) / 1e9, (processCpuNanos() - backlogCpu) / 1e9, count(app, "SELECT COUNT(*) FROM gap_groups"));
            // A new day: 5,000 questions the docs could not answer, recorded after the job's last run.
            GapGrouping nextDay = new GapGrouping(app.database(), null, Clock.offset(Clock.systemUTC(), Duration.ofDays(1)));
            seed(app, dev, new Random(43), 5_000, now + Duration.ofMinutes(5).toMillis(), now + Duration.ofHours(20).toMillis(), 1);
            long day = System.nanoTime();
            long cpu = processCpuNanos();
            int dayGrouped = nextDay.runOnce();
            System.out.printf(Locale.ROOT, "grouped a new day: %,d gap questions in %.1f s (target 30 s), %.1f s of CPU; %,d groups now%n",
                    dayGrouped, (System.nanoTime() - day) / 1e9, (processCpuNanos() - cpu) / 1e9, count(app, "SELECT COUNT(*) FROM gap_groups"));
            }

            WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
            ServerSetup.configure(builder, app);
            WebServer server = builder.build().start();
            try {
                DashboardAccounts.Opened session = app.accounts().redeem(app.accounts().addUserWithLink("bench", "bench@example.com"))
                        .orElseThrow();
                String cookie = "da_session=" + session.token();
                String base = "http://127.0.0.1:" + server.port() + "/dashboard/bench/docs";
                LocalDate today = LocalDate.now(ZoneOffset.UTC);
                String all = "from=" + today.minusDays(DAYS - 1) + "&to=" + today;
                HttpClient client = HttpClient.newHttpClient();
                InsightsRender.time(client, cookie, base, "insights, 30 days", 40);
                InsightsRender.time(client, cookie, base + "?" + all, "insights, 90 days", 40);
                InsightsRender.time(client, cookie, base + "/gaps?span=week", "gaps, week", 40);
                InsightsRender.time(client, cookie, base + "/gaps?span=month", "gaps, month", 40);
                InsightsRender.time(client, cookie, base + "/gaps?span=quarter", "gaps, quarter", 40);
                InsightsRender.time(client, cookie, base + "/gaps?span=quarter&status=open", "gaps, quarter, open only", 40);
                InsightsRender.time(client, cookie, base + "/feedback?" + all, "feedback, 90 days", 40);
                InsightsRender.time(client, cookie, base + "/conversations?" + all, "conversations, 90 days", 40);
                InsightsRender.time(client, cookie, base + "/search", "search analytics, 30 days", 40);
                InsightsRender.time(client, cookie, base + "/search?" + all, "search analytics, 90 days", 40);
                InsightsRender.time(client, cookie, base + "/pages?" + all, "page answer share, 90 days", 40);
                InsightsRender.time(client, cookie, base + "/agents?" + all, "agents beside humans, 90 days", 40);
            } finally {
                server.stop();
            }
        }
    }

    /** CPU time of this process: on a shared machine the wall time says more about the neighbours. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long count(App app, String sql) {
        return app.database().transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** A dev question as readers would type it: greetings, typos, dropped words, another question's end, product names. */
    static String paraphrase(List<String> dev, Random random) {
        String q = dev.get(random.nextInt(dev.size()));
        List<String> words = new ArrayList<>(Arrays.asList(q.replaceAll("[?.]$", "").split(" ")));
        if (random.nextInt(3) == 0 && words.size() > 6) {
            words.remove(1 + random.nextInt(words.size() - 2));
        }
        if (random.nextInt(8) == 0) {
            List<String> other = Arrays.asList(dev.get(random.nextInt(dev.size())).split(" "));
            words = new ArrayList<>(words.subList(0, words.size() / 2));
            words.addAll(other.subList(other.size() / 2, other.size()));
        }
        if (random.nextInt(4) == 0) {
            int i = random.nextInt(words.size());
            String w = words.get(i);
            if (w.length() > 3) {
                int j = 1 + random.nextInt(w.length() - 2);
                words.set(i, w.substring(0, j) + w.charAt(j + 1) + w.charAt(j) + w.substring(j + 2)); // a typo
            }
        }
        if (random.nextInt(5) == 0) {
            words.add("with Tool" + random.nextInt(400));
        }
        String text = String.join(" ", words);
        return PREFIXES[random.nextInt(PREFIXES.length)] + (random.nextBoolean() ? text : text.toLowerCase(Locale.ROOT))
                + SUFFIXES[random.nextInt(SUFFIXES.length)];
    }

    /** Writes {@code questions} answers between two times through the insights log's own write path; 1 in {@code unansweredOneIn} unanswered. */
    private static void seed(App app, List<String> dev, Random random, int questions, long from, long to, int unansweredOneIn) {
        for (int start = 0; start < questions; start += 5_000) {
            int s = start;
            int end = Math.min(questions, start + 5_000);
            app.database().transaction(c -> {
                try (PreparedStatement miss = c.prepareStatement("INSERT INTO search_misses (domain, channel, query, created_at) "
                        + "VALUES ('docs', 'rest-v1', ?, ?)");
                     PreparedStatement search = c.prepareStatement("INSERT INTO searches (search_id, domain, channel, query, results, "
                             + "paths, clicks, created_at) VALUES (?, 'docs', ?, ?, ?, '[]', ?, ?)")) {
                    for (int i = s; i < end; i++) {
                        long at = from + (long) (random.nextDouble() * (to - from));
                        boolean answered = random.nextInt(unansweredOneIn) != 0;
                        String question = paraphrase(dev, random);
                        List<CitedPage> sources = new ArrayList<>();
                        for (int p = 0; answered && p < 3; p++) {
                            int page = random.nextInt(50);
                            sources.add(new CitedPage("/guides/page" + page + "#s" + p, "Page " + page));
                        }
                        String id = "b" + from + "-" + i;
                        String thread = "thr_" + from + "-" + (i / 2);
                        InsightsLog.write(c, new AnswerRecord("msg_" + id, thread, "docs", random.nextInt(5) == 0 ? Channel.GRPC
                                : Channel.REST_V2, question, answered ? "From the guide: the answer." : "The docs do not cover this.",
                                sources, answered, 5 + random.nextInt(50), Instant.ofEpochMilli(at)));
                        if (unansweredOneIn > 1 && random.nextInt(50) == 0) {
                            InsightsLog.writeFeedback(c, "docs", thread, "msg_" + id, random.nextBoolean(),
                                    random.nextBoolean() ? "Comment number " + i : null, at);
                        }
                        if (unansweredOneIn > 1 && i % 10 == 0) {
                            miss.setString(1, paraphrase(dev, random).toLowerCase(Locale.ROOT));
                            miss.setLong(2, at);
                            miss.executeUpdate();
                        }
                        if (unansweredOneIn > 1) { // one search box search per question, a third of them opened
                            int results = random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(5);
                            search.setString(1, "srch_" + id);
                            search.setString(2, random.nextBoolean() ? "site" : "api");
                            search.setString(3, paraphrase(dev, random).toLowerCase(Locale.ROOT));
                            search.setInt(4, results);
                            search.setInt(5, results > 0 && random.nextInt(3) == 0 ? 1 : 0);
                            search.setLong(6, at);
                            search.executeUpdate();
                        }
                    }
                }
                return null;
            });
        }
    }

    /** Page reads for 90 days: 200 pages, each audience, most of them every day. */
    private static void seedTraffic(App app, Random random, long now) {
        long today = now / 86_400_000L;
        app.database().transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO page_traffic (domain, day, path, audience, hits) "
                    + "VALUES ('docs', ?, ?, ?, ?)")) {
                for (int d = 0; d < DAYS; d++) {
                    for (int page = 0; page < 200; page++) {
                        for (String audience : List.of("browser", "mcp", "markdown", "ai-crawler", "other-bot")) {
                            if (random.nextInt(4) != 0) {
                                ps.setLong(1, today - d);
                                ps.setString(2, "/guides/page" + page);
                                ps.setString(3, audience);
                                ps.setLong(4, 1 + random.nextInt(200));
                                ps.addBatch();
                            }
                        }
                    }
                    ps.executeBatch();
                }
            }
            return null;
        });
    }
}
