package dev.docsassistant.fleet;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSettings;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.security.RateLimits;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.MachineDependencies;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestApps;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server whose Redis is down when it starts: it starts all the same, answers with rate limits
 * failing open (logged once, counted in a metric) and reports not-ready naming Redis; when a Redis
 * server comes up on that port, the server connects by itself, turns ready and counts again.
 */
class RedisDownAtStartTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int LIMIT = 50;

    @Test
    void startsWithoutRedisFailsOpenAndTurnsReadyWhenRedisComesUp() throws Exception {
        MachineDependencies.require(Files.isExecutable(Path.of("/usr/bin/redis-server")), "redis-server");
        int redisPort = quietPort();
        String org = "redis-down-" + UUID.randomUUID();
        Process redis = null;
        try (App app = TestApps.exampleSite("""
                search: {mode: keyword}
                redis: {url: "redis://127.0.0.1:%d", timeout: 500ms}
                limits: {store: redis, organization-per-hour: %d, ip-per-day: 1000000}
                sites:
                  - {domain: docs, organization: %s, path: site}
                """.formatted(redisPort, LIMIT, org))) {
            String authorization = "Bearer " + app.keys().create(org, Optional.empty(), List.of(), "test").secret();
            WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
            ServerSetup.configure(builder, app);
            WebServer server = builder.build().start();
            try {
                int port = server.port();
                int management = server.port(ServerSettings.MANAGEMENT); // health details and metrics
                assertEquals(200, get(port, "/observe/health/live").status());
                RawHttp.Response ready = get(management, "/observe/health/ready");
                assertEquals(503, ready.status(), ready.body());
                assertTrue(ready.body().contains("\"redis\":\"DOWN: 127.0.0.1:" + redisPort), ready.body());
                assertEquals(503, get(port, "/health").status());

                // Captured once the server runs: starting it resets the logging configuration.
                try (CapturedLogs logs = CapturedLogs.of(RateLimits.class)) {
                    for (int i = 0; i < 3; i++) {
                        RawHttp.Response open = search(port, authorization);
                        assertEquals(200, open.status(), "fails open: " + open.body());
                        assertEquals(Integer.toString(LIMIT), open.header("RateLimit-Remaining"), "not counted");
                    }
                    assertEquals(1, logs.messages().stream().filter(m -> m.contains("rate limits are not counted")).count(), logs.text());
                }
                String metrics = get(management, "/observe/metrics").body();
                assertTrue(metrics.matches("(?s).*docs_assistant_rate_limit_fail_open_total(\\{[^}]*})? [1-9].*"), metrics);
                assertTrue(metrics.matches("(?s).*docs_assistant_redis_errors_total(\\{[^}]*})? [1-9].*"), metrics);

                Path redisLog = TempDirs.create("docs-assistant-redis-down-").resolve("redis.log");
                redis = new ProcessBuilder("/usr/bin/redis-server", "--port", Integer.toString(redisPort), "--bind", "127.0.0.1",
                        "--save", "", "--appendonly", "no").redirectErrorStream(true).redirectOutput(redisLog.toFile()).start();
                long deadline = System.nanoTime() + WAIT.toNanos();
                int status;
                do {
                    Thread.sleep(100); // a readiness probe's poll
                    assertTrue(redis.isAlive(), () -> "redis-server stopped: " + read(redisLog));
                    status = get(port, "/observe/health/ready").status();
                } while (status != 200 && System.nanoTime() < deadline);
                RawHttp.Response up = get(management, "/observe/health/ready");
                assertEquals(200, up.status(), up.body());
                assertTrue(up.body().contains("\"redis\":\"UP: 127.0.0.1:" + redisPort), up.body());
                assertEquals(200, get(port, "/health").status());
                assertEquals(Integer.toString(LIMIT - 1), search(port, authorization).header("RateLimit-Remaining"), "counted again");
                assertEquals(Integer.toString(LIMIT - 2), search(port, authorization).header("RateLimit-Remaining"));
            } finally {
                server.stop();
            }
        } finally {
            if (redis != null) {
                redis.destroy();
                redis.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * A port nobody listens on, below the kernel's ephemeral range: a port picked by binding port 0
     * lies inside it, where any outgoing connection (this test's own connection attempts to it
     * included) may take it before redis-server binds it.
     */
    private static int quietPort() throws Exception {
        for (int attempt = 0; attempt < 100; attempt++) {
            int candidate = 20_000 + ThreadLocalRandom.current().nextInt(10_000);
            try (ServerSocket probe = new ServerSocket(candidate, 1, InetAddress.getLoopbackAddress())) {
                return probe.getLocalPort();
            } catch (java.io.IOException taken) {
                // in use: try another
            }
        }
        throw new IllegalStateException("no free port between 20000 and 30000");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    private static RawHttp.Response get(int port, String path) {
        return RawHttp.exchange(port, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", WAIT).response();
    }

    private static RawHttp.Response search(int port, String authorization) {
        String body = "{\"query\": \"retry schedule\", \"pageSize\": 1}";
        return RawHttp.exchange(port, "POST /v1/search/docs HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + authorization
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body,
                WAIT).response();
    }
}
