package dev.docsassistant.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.deploy.DeploySettings;
import dev.docsassistant.deploy.TarGzWriter;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.FakeChatProvider;
import dev.docsassistant.testing.ServerProcess;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Two server processes, A and B, on one real PostgreSQL and one real Redis, as a fleet behind a load
 * balancer runs them. The answers of site {@code slow} come from a local OpenAI-style provider that
 * streams slowly, so a stream can be caught open when A is stopped or killed. A site created and
 * deployed through one server is served, switched and rolled back on the other (issue 29 "Fleet").
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetTest {
    static final String REDIS_URL_ENV = "DOCS_ASSISTANT_TEST_REDIS_URL";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START = Duration.ofMinutes(3);
    private static final String ADMIN = "fleet-admin-token-0123456789abcdefghijklmnop";
    /** The organisation limit of the fleet, counted in Redis. */
    private static final int LIMIT = 100;

    private static Path dir;
    private static String pgUrl;
    private static FakeChatProvider provider;
    /** HTTP/1.1, as a load balancer talks to the servers (nginx: proxy_http_version 1.1). */
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static ServerProcess a;
    private static ServerProcess b;
    private static String urlA;
    private static String urlB;
    private static String key;
    /** Unique per run: Redis is shared with other runs, and limits are counted per organisation. */
    private static String org;
    private static String countedOrg;

    @BeforeAll
    static void startFleet() throws Exception {
        String pgAdmin = System.getenv(TestDatabases.PG_URL_ENV);
        String redis = System.getenv(REDIS_URL_ENV);
        boolean ci = "true".equals(System.getenv("CI"));
        assumeTrue(ci || pgAdmin != null && redis != null, "needs " + TestDatabases.PG_URL_ENV + " and " + REDIS_URL_ENV + " (bin/test-services)");
        assertNotNull(pgAdmin, TestDatabases.PG_URL_ENV + " must be set in CI");
        assertNotNull(redis, REDIS_URL_ENV + " must be set in CI");
        dir = Files.createTempDirectory("docs-assistant-fleet-");
        pgUrl = TestDatabases.createPgDatabase(pgAdmin);
        provider = new FakeChatProvider();
        String run = UUID.randomUUID().toString().substring(0, 8);
        org = "fleet-" + run;
        countedOrg = "counted-" + run;
        Path site = Path.of(System.getProperty("user.dir")).resolve("../examples/acme-docs").normalize();
        for (String server : List.of("a", "b")) {
            Files.writeString(dir.resolve(server + ".yaml"), """
                    server:
                      port: 0
                      host: 127.0.0.1
                      drain-timeout: 20s
                    docs-assistant:
                      data-dir: data-%s
                      store:
                        url: "%s"
                        pool-size: 4
                        connection-timeout: 30s       # generous: CI machines can be busy
                      redis:
                        url: %s
                      limits:
                        store: redis
                        organization-per-hour: %d
                        ip-per-day: 1000000
                      security:
                        admin-token: %s
                      site-pages:
                        page-key-secret: fleet-page-key-secret-0123456789abcdef
                      llm:
                        base-url: %s
                        model: fake
                        timeouts: {first-token: 30s, total: 60s}
                      sites:
                        - {domain: docs, organization: %s, path: "%s"}
                        - {domain: counted, organization: %s, path: "%s"}
                        - {domain: slow, organization: %s, path: "%s", generator: llm}
                    """.formatted(server, pgUrl, redis, LIMIT, ADMIN, provider.baseUrl(), org, site, countedOrg, site, org, site));
        }
        // Both at once on an empty database: one migrates, the other waits for it.
        a = ServerProcess.start("a", dir.resolve("a.yaml"));
        b = ServerProcess.start("b", dir.resolve("b.yaml"));
        urlA = a.awaitReady(START);
        urlB = b.awaitReady(START);
        key = createKey(urlA, org);
    }

    @AfterAll
    static void stopFleet() throws Exception {
        for (ServerProcess p : new ServerProcess[] {a, b}) {
            if (p != null) {
                p.close();
            }
        }
        if (provider != null) {
            provider.close();
        }
        if (dir != null) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    @Order(1)
    void bothStartTogetherOnAnEmptyDatabaseAndAreReady() throws Exception {
        for (ServerProcess p : List.of(a, b)) {
            assertFalse(p.output().contains("SEVERE") || p.output().contains("Exception"), p.name() + ":\n" + p.output());
        }
        assertEquals(TestDatabases.migrationVersions(), column("SELECT version FROM flyway_schema_history WHERE success ORDER BY installed_rank"));
        for (ServerProcess p : List.of(a, b)) {
            HttpResponse<String> ready = get(p.managementUrl(START) + "/observe/health/ready"); // the details
            assertEquals(200, ready.statusCode(), ready.body());
            assertTrue(ready.body().contains("\"redis\":\"UP"), ready.body());
        }
        // The page key both servers derived from the shared secret is one key.
        assertEquals(1, column("SELECT id FROM api_keys WHERE source = 'page:docs' AND revoked_at IS NULL").size());
    }

    @Test
    @Order(2)
    void aThreadStartedOnAContinuesOnB() throws Exception {
        Answer first = ask(urlA, "docs", key, "How are failed deliveries retried?", null);
        assertTrue(first.finished(), first.events().toString());
        Answer second = ask(urlB, "docs", key, "And how long between attempts?", first.threadId());
        assertTrue(second.finished(), second.events().toString());
        assertEquals(first.threadId(), second.threadId());
        assertEquals(4, messages(first.threadId()));
    }

    @Test
    @Order(3)
    void aKeyRevokedOnAIsRefusedOnBWithinOneSecond() throws Exception {
        JsonNode made = JSON.readTree(post(urlA + "/admin/v1/keys", ADMIN, "{\"organization\": \"" + org + "\"}").body());
        String doomed = made.get("key").asText();
        assertEquals(200, search(urlB, "docs", doomed).statusCode()); // B now holds it in its cache
        assertEquals(200, post(urlA + "/admin/v1/keys/" + made.get("id").asText() + "/revoke", ADMIN, "").statusCode());
        long revoked = System.nanoTime();
        int status;
        do {
            status = search(urlB, "docs", doomed).statusCode();
            if (status == 200) {
                Thread.sleep(50); // each try counts against the organisation's limit
            }
        } while (status == 200 && System.nanoTime() - revoked < Duration.ofSeconds(5).toNanos());
        long millis = (System.nanoTime() - revoked) / 1_000_000;
        assertEquals(401, status);
        assertTrue(millis < 1000, "refused on B after " + millis + " ms");
    }

    @Test
    @Order(4)
    void limitsAreCountedAcrossBothServers() throws Exception {
        String counted = createKey(urlA, countedOrg);
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < LIMIT; i++) {
                String url = i % 2 == 0 ? urlA : urlB;
                statuses.add(clients.submit(() -> search(url, "counted", counted).statusCode()));
            }
            List<Integer> seen = new ArrayList<>();
            for (Future<Integer> f : statuses) {
                seen.add(f.get());
            }
            assertEquals(Collections.nCopies(LIMIT, 200), seen, "the first " + LIMIT + " over both servers pass");
        } finally {
            clients.shutdownNow();
        }
        HttpResponse<String> over = search(urlB, "counted", counted);
        assertEquals(429, over.statusCode(), over.body());
        assertTrue(over.headers().firstValue("retry-after").isPresent());
        assertEquals(429, search(urlA, "counted", counted).statusCode());
        assertTrue(get(a.managementUrl(START) + "/observe/metrics").body().contains("docs_assistant_rate_limit_rejections_total{limit=\"organization\""));
    }

    @Test
    @Order(5)
    void killingAMidStreamLeavesBServingAndLosesNoFinishedTurn() throws Exception {
        Answer finished = ask(urlA, "docs", key, "How are failed deliveries retried?", null);
        assertTrue(finished.finished());
        provider.reply(FakeChatProvider.tokens(Duration.ofMillis(200), words(50)));
        try (Reading open = Reading.open(urlA, "slow", key, "What is the retry schedule?", null)) {
            open.awaitEvent("text-delta");
            a.kill();
        }
        assertEquals(2, messages(finished.threadId()), "the finished turn is stored");
        Answer onB = ask(urlB, "docs", key, "And the schedule?", finished.threadId());
        assertTrue(onB.finished(), onB.events().toString());
        assertEquals(4, messages(finished.threadId()));
        // A comes back and joins the fleet.
        a = ServerProcess.start("a", dir.resolve("a.yaml"));
        urlA = a.awaitReady(START);
    }

    @Test
    @Order(6)
    void aDeploymentUploadedToAIsServedByBAndRolledBackOnBoth() throws Exception {
        assertEquals(201, post(urlA + "/admin/v1/sites", ADMIN, "{\"domain\": \"pub\", \"organization\": \"" + org + "\"}").statusCode());
        String first = deploy(urlA, "pub", 1);
        awaitPage(urlB, "pub", "/", "Release 1", "B serves a site created and deployed through A");
        String second = deploy(urlA, "pub", 2);
        awaitPage(urlB, "pub", "/launch", "zeppelin2", "B switches to A's new deployment");
        assertTrue(search(urlB, "pub", key, "zeppelin2").body().contains("/launch"), "and searches it");

        HttpResponse<String> rolledBack = post(urlB + "/admin/v1/sites/pub/deployments/" + first + "/activate", ADMIN, "");
        assertEquals(200, rolledBack.statusCode(), rolledBack.body());
        awaitPage(urlA, "pub", "/", "Release 1", "a rollback made on B reaches A");
        long start = System.nanoTime();
        while (get(urlA + "/sites/pub/launch").statusCode() != 404) {
            assertTrue(System.nanoTime() - start < 5_000_000_000L, "A drops version 2's page within 5 s: " + second);
            Thread.sleep(50);
        }
    }

    @Test
    @Order(7)
    void drainOnALetsItsOpenStreamFinishWhileReadinessIsDown() throws Exception {
        provider.reply(FakeChatProvider.tokens(Duration.ofMillis(100), words(30)));
        try (Reading open = Reading.open(urlA, "slow", key, "What is the retry schedule?", null)) {
            open.awaitEvent("text-delta");
            a.terminate();
            long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            int ready;
            do {
                ready = get(urlA + "/observe/health/ready").statusCode();
            } while (ready == 200 && System.nanoTime() < deadline);
            assertEquals(503, ready, "readiness turns down at once");
            HttpResponse<String> refused = search(urlA, "docs", key);
            assertEquals(503, refused.statusCode());
            assertTrue(refused.body().contains("\"message\""), refused.body());
            assertTrue(refused.headers().firstValue("retry-after").isPresent());
            List<String> rest = open.readToEnd();
            assertTrue(rest.stream().anyMatch(e -> e.contains("\"type\":\"finish\"")), rest.toString());
            assertEquals("[DONE]", rest.getLast());
        }
        assertEquals(0, a.awaitExit(Duration.ofSeconds(30)), a.output());
        assertEquals(200, search(urlB, "docs", key).statusCode(), "B goes on serving");
    }

    // --- helpers ---

    /** Uploads version {@code n} of a tiny site to {@code url} and waits until it is active there; its id. */
    private static String deploy(String url, String domain, int n) throws Exception {
        TestSites site = new TestSites(dir.resolve(domain + "-v" + n))
                .file("docs.json", """
                        {"name": "Pub", "navigation": {"groups": [{"group": "Guides", "pages": ["index"%s]}]}}"""
                        .formatted(n >= 2 ? ", \"launch\"" : ""))
                .page("index", "Welcome to Pub. Release " + n + ".", "title: Home");
        if (n >= 2) {
            site.page("launch", "The launch checklist mentions zeppelin" + n + ".", "title: Launch");
        }
        ByteArrayOutputStream archive = new ByteArrayOutputStream();
        TarGzWriter.pack(site.dir(), archive, DeploySettings.DEFAULTS);
        HttpResponse<String> accepted = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/admin/v1/sites/" + domain + "/deployments"))
                .header("Host", "dashboard.localhost:" + URI.create(url).getPort()).version(HttpClient.Version.HTTP_1_1)
                .header("authorization", "Bearer " + ADMIN).header("content-type", "application/gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(archive.toByteArray())).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, accepted.statusCode(), accepted.body());
        String id = JSON.readTree(accepted.body()).get("id").asText();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        String status;
        do {
            Thread.sleep(50);
            HttpResponse<String> got = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/admin/v1/sites/" + domain + "/deployments/" + id))
                    .header("Host", "dashboard.localhost:" + URI.create(url).getPort()).version(HttpClient.Version.HTTP_1_1)
                    .header("authorization", "Bearer " + ADMIN).build(), HttpResponse.BodyHandlers.ofString());
            status = JSON.readTree(got.body()).get("status").asText();
        } while (status.equals("building") && System.nanoTime() < deadline);
        assertEquals("active", status, "deployment " + id);
        return id;
    }

    /** Waits (at most 5 s, the fleet's promise) until {@code url} serves {@code text} on the site's page. */
    private static void awaitPage(String url, String domain, String path, String text, String what) throws Exception {
        long start = System.nanoTime();
        while (!get(url + "/sites/" + domain + path).body().contains(text)) {
            assertTrue(System.nanoTime() - start < 5_000_000_000L, what + " within 5 s");
            Thread.sleep(50);
        }
    }

    private static String[] words(int n) {
        String[] words = new String[n];
        for (int i = 0; i < n; i++) {
            words[i] = "word" + i + " ";
        }
        return words;
    }

    private static String createKey(String url, String organization) throws Exception {
        HttpResponse<String> made = post(url + "/admin/v1/keys", ADMIN, "{\"organization\": \"" + organization + "\"}");
        assertEquals(201, made.statusCode(), made.body());
        return JSON.readTree(made.body()).get("key").asText();
    }

    private static HttpResponse<String> search(String url, String domain, String bearer) throws IOException, InterruptedException {
        return search(url, domain, bearer, "retry schedule");
    }

    private static HttpResponse<String> search(String url, String domain, String bearer, String query) throws IOException, InterruptedException {
        return post(url + "/v1/search/" + domain, bearer, "{\"query\": \"" + query + "\", \"pageSize\": 1}");
    }

    private static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String url, String bearer, String body) throws IOException, InterruptedException {
        return HTTP.send(request(url, bearer, body), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(String url, String bearer, String body) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url));
        if (url.contains("/admin/")) {
            // The admin API's only host; HTTP/1.1, since over HTTP/2 the client sends the URI's :authority.
            builder.header("Host", "dashboard.localhost:" + URI.create(url).getPort()).version(HttpClient.Version.HTTP_1_1);
        }
        return builder.timeout(Duration.ofSeconds(60))
                .header("authorization", "Bearer " + bearer).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static String messageBody(String question, String threadId) {
        return "{\"fp\": \"anonymous\", " + (threadId == null ? "" : "\"threadId\": \"" + threadId + "\", ")
                + "\"messages\": [{\"id\": \"m1\", \"role\": \"user\", \"parts\": [{\"type\": \"text\", \"text\": \"" + question + "\"}]}]}";
    }

    /** A whole v2 answer. */
    record Answer(String threadId, List<String> events) {
        boolean finished() {
            return events.stream().anyMatch(e -> e.contains("\"type\":\"finish\"")) && events.getLast().equals("[DONE]");
        }
    }

    private static Answer ask(String url, String domain, String bearer, String question, String threadId) throws Exception {
        try (Reading stream = Reading.open(url, domain, bearer, question, threadId)) {
            return new Answer(stream.threadId, stream.readToEnd());
        }
    }

    /** A v2 answer being read event by event. */
    static final class Reading implements AutoCloseable {
        final String threadId;
        private final BufferedReader reader;
        private final InputStream body;

        private Reading(HttpResponse<InputStream> response) {
            assertEquals(200, response.statusCode());
            this.threadId = response.headers().firstValue("x-thread-id").orElseThrow();
            this.body = response.body();
            this.reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        }

        static Reading open(String url, String domain, String bearer, String question, String threadId) throws Exception {
            return new Reading(HTTP.send(request(url + "/v2/assistant/" + domain + "/message", bearer, messageBody(question, threadId)),
                    HttpResponse.BodyHandlers.ofInputStream()));
        }

        /** The next {@code data:} payload, or null at the end. */
        String next() throws IOException {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("data: ")) {
                    return line.substring("data: ".length());
                }
            }
            return null;
        }

        void awaitEvent(String type) throws IOException {
            String event;
            while ((event = next()) != null) {
                if (event.contains("\"type\":\"" + type + "\"")) {
                    return;
                }
            }
            throw new AssertionError("the stream ended before a " + type + " event");
        }

        List<String> readToEnd() throws IOException {
            List<String> events = new ArrayList<>();
            String event;
            while ((event = next()) != null) {
                events.add(event);
            }
            return events;
        }

        @Override
        public void close() throws IOException {
            body.close();
        }
    }

    private static int messages(String threadId) throws Exception {
        try (Connection c = DriverManager.getConnection(pgUrl);
             PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM thread_messages WHERE thread_id = ?")) {
            ps.setString(1, threadId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static List<String> column(String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(pgUrl); ResultSet rs = c.createStatement().executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
