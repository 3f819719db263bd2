package dev.docsassistant.transport;

import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.server.ServerSettings;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.RawHttp.Exchange;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.TestApps;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Clients that send a request and reset their connection (SO_LINGER 0) before or while it is
 * answered are no operator's concern: the server logs no WARNING for them, and counts them in
 * {@code docs_assistant_connections_lost_total}.
 */
@ServerTest
class ResetStormTest {
    private static final int CLIENTS = 200;
    private static final String V2 = "{\"messages\":[{\"id\":\"m1\",\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":\"How are failed deliveries retried?\"}]}]}";
    private final int port;
    private final int management;

    ResetStormTest(WebServer server) {
        this.port = server.port();
        this.management = server.port(ServerSettings.MANAGEMENT);
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite(), ConnectionSettings.DEFAULTS);
    }

    @Test
    void resetConnectionsLogNoWarnings() throws Exception {
        String auth = "Authorization: " + TestApps.authorization(TestApps.exampleSite(), "acme") + "\r\n";
        List<String> requests = List.of(
                post("/v2/assistant/acme/message", auth, V2),
                post("/v1/search/acme", auth, "{\"query\":\"retries\"}"),
                "GET /sites/acme/ HTTP/1.1\r\nHost: localhost\r\n\r\n",
                post("/v2/assistant/acme/message", auth, V2.substring(0, 40)));
        double lostBefore = lost();
        try (CapturedLogs logs = CapturedLogs.all(); ExecutorService pool = Executors.newFixedThreadPool(16)) {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                String request = requests.get(i % requests.size());
                done.add(pool.submit(() -> sendAndReset(request)));
            }
            for (Future<?> f : done) {
                f.get();
            }
            waitUntilAllEnded();
            List<String> warnings = logs.records().stream().filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue())
                    .map(ResetStormTest::shown).toList();
            assertEquals(List.of(), warnings.stream().limit(5).toList(), warnings.size() + " warnings");
        }
        double counted = lost() - lostBefore;
        assertTrue(counted > 0 && counted <= CLIENTS, "connections counted as lost: " + counted);
    }

    /** Until the server has finished with every connection (the bound only keeps a broken run from hanging). */
    private void waitUntilAllEnded() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (ConnectionGuard.openTo(port) > 0) {
            assertTrue(System.nanoTime() < deadline, ConnectionGuard.openTo(port) + " connections still open");
            Thread.sleep(20);
        }
    }

    private double lost() {
        Exchange metrics = RawHttp.exchange(management, "GET /observe/metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                Duration.ofSeconds(10));
        Matcher m = Pattern.compile("(?m)^docs_assistant_connections_lost_total(?:\\{[^}]*})? ([0-9.eE+]+)").matcher(metrics.response().body());
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    private static String shown(LogRecord r) {
        return r.getLevel() + " " + r.getLoggerName() + ": " + r.getMessage() + (r.getThrown() == null ? "" : " " + r.getThrown());
    }

    private static String post(String path, String auth, String json) {
        return "POST " + path + " HTTP/1.1\r\nHost: localhost\r\n" + auth + "Content-Type: application/json\r\nContent-Length: "
                + json.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + json;
    }

    private void sendAndReset(String request) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            socket.setSoLinger(true, 0); // close sends RST
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
