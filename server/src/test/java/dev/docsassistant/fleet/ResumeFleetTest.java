package dev.docsassistant.fleet;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.FakeChatProvider;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.ServerProcess;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Two server processes on one PostgreSQL and one Redis: an answer started on A, whose reader left
 * mid-answer, is resumed on B (from the answer's record in Redis) from its first event to its end;
 * once it has ended, B answers 204 and the record expires soon after.
 */
class ResumeFleetTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START = Duration.ofMinutes(3);
    private static final String ADMIN = "resume-fleet-admin-token-0123456789abcdefghij";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static Path dir;
    private static String redisUrl;
    private static FakeChatProvider provider;
    private static ServerProcess a;
    private static ServerProcess b;
    private static String urlA;
    private static String urlB;
    private static String key;

    @BeforeAll
    static void startFleet() throws Exception {
        String pgAdmin = System.getenv(TestDatabases.PG_URL_ENV);
        redisUrl = System.getenv(FleetTest.REDIS_URL_ENV);
        boolean ci = "true".equals(System.getenv("CI"));
        assumeTrue(ci || pgAdmin != null && redisUrl != null, "needs " + TestDatabases.PG_URL_ENV + " and "
                + FleetTest.REDIS_URL_ENV + " (bin/test-services)");
        assertNotNull(pgAdmin, TestDatabases.PG_URL_ENV + " must be set in CI");
        assertNotNull(redisUrl, FleetTest.REDIS_URL_ENV + " must be set in CI");
        dir = Files.createTempDirectory("docs-assistant-resume-fleet-");
        String pgUrl = TestDatabases.createPgDatabase(pgAdmin);
        provider = new FakeChatProvider();
        String org = "resume-" + UUID.randomUUID().toString().substring(0, 8);
        Path site = Path.of(System.getProperty("user.dir")).resolve("../examples/acme-docs").normalize();
        for (String server : List.of("a", "b")) {
            Files.writeString(dir.resolve(server + ".yaml"), """
                    server:
                      port: 0
                      host: 127.0.0.1
                    docs-assistant:
                      data-dir: data-%s
                      store:
                        url: "%s"
                        pool-size: 4
                        connection-timeout: 30s
                      redis:
                        url: %s
                      security:
                        admin-token: %s
                      stream:
                        keep-alive: 1s
                      llm:
                        base-url: %s
                        model: fake
                        timeouts: {first-token: 30s, total: 120s}
                      sites:
                        - {domain: slow, organization: %s, path: "%s", generator: llm}
                    """.formatted(server, pgUrl, redisUrl, ADMIN, provider.baseUrl(), org, site));
        }
        a = ServerProcess.start("a", dir.resolve("a.yaml"));
        b = ServerProcess.start("b", dir.resolve("b.yaml"));
        urlA = a.awaitReady(START);
        urlB = b.awaitReady(START);
        // The admin API's only host; HTTP/1.1, since over HTTP/2 the client sends the URI's :authority.
        HttpResponse<String> made = HTTP.send(HttpRequest.newBuilder(URI.create(urlA + "/admin/v1/keys"))
                .header("Host", "dashboard.localhost:" + URI.create(urlA).getPort()).version(HttpClient.Version.HTTP_1_1)
                .header("Authorization", "Bearer " + ADMIN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"organization\": \"" + org + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, made.statusCode(), made.body());
        key = JSON.readTree(made.body()).get("key").asText();
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
    void anAnswerStartedOnAIsResumedOnB() throws Exception {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            words.add("word" + i + " ");
        }
        provider.reply(new FakeChatProvider.Tokens(words, Duration.ofMillis(100),
                List.of(FakeChatProvider.finishChunk("stop"), "[DONE]")));
        String body = """
                {"fp": "anonymous", "messages": [{"id": "m1", "role": "user",
                 "parts": [{"type": "text", "text": "How are failed deliveries retried?"}]}]}""";
        String threadId;
        int port = URI.create(urlA).getPort();
        try (Socket socket = RawHttp.post(port, "/v2/assistant/slow/message", "Bearer " + key, body)) {
            String seen = RawHttp.readUntil(socket, "word3 ");
            Matcher m = Pattern.compile("(?i)x-thread-id: (\\S+)").matcher(seen);
            assertTrue(m.find(), seen);
            threadId = m.group(1);
        } // A's reader leaves; A goes on producing the answer into Redis
        HttpResponse<String> resumed = resume(urlB, threadId);
        assertEquals(200, resumed.statusCode(), resumed.body());
        List<String> events = resumed.body().lines().filter(l -> l.startsWith("data: {")).toList();
        assertTrue(events.getFirst().contains("\"type\":\"start\""), resumed.body());
        assertTrue(events.getLast().contains("\"type\":\"finish\""), resumed.body());
        assertTrue(resumed.body().endsWith("data: [DONE]\n\n"), resumed.body());
        String text = events.stream().filter(e -> e.contains("\"type\":\"text-delta\""))
                .map(e -> {
                    try {
                        return JSON.readTree(e.substring(6)).get("delta").asText();
                    } catch (Exception ex) {
                        throw new AssertionError(ex);
                    }
                }).collect(Collectors.joining());
        assertEquals(String.join("", words), text, "B replayed what A had sent, then followed the rest live");
        // Ended: B has nothing to resume, and Redis keeps the ended record only briefly.
        assertEquals(204, resume(urlB, threadId).statusCode());
        assertEquals(204, resume(urlA, threadId).statusCode());
        RedisClient client = RedisClient.create(redisUrl);
        try (StatefulRedisConnection<String, String> redis = client.connect()) {
            String answerId = redis.sync().get("docs-assistant:answer:" + threadId);
            assertNotNull(answerId, "the thread names its answer");
            long ttl = redis.sync().pttl("docs-assistant:answer:" + threadId + ":" + answerId);
            assertTrue(ttl > 0 && ttl <= 30_000, "the ended answer's events expire within 30 s: " + ttl);
            long named = redis.sync().pttl("docs-assistant:answer:" + threadId);
            assertTrue(named > 0 && named <= 120_000, "the name expires with stream.resume.ttl: " + named);
        } finally {
            client.shutdown();
        }
    }

    private static HttpResponse<String> resume(String url, String threadId) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url + "/v2/assistant/slow/message/" + threadId + "/stream"))
                .header("Authorization", "Bearer " + key).timeout(Duration.ofSeconds(60)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
