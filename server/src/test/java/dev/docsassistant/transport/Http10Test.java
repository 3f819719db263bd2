package dev.docsassistant.transport;

import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.server.ServerSettings;
import dev.docsassistant.testing.MachineCommands;
import dev.docsassistant.testing.MachineDependencies;
import dev.docsassistant.testing.Nginx;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.RawHttp.Exchange;
import dev.docsassistant.testing.RawHttp.Response;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestApps;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HTTP/1.0 requests (health probes, nginx's default upstream version, ApacheBench, {@code curl -0})
 * are answered as HTTP/1.0 has it: never chunked, an answer without a length ended by the close, the
 * connection closed after each answer unless {@code keep-alive} was asked and the answer has a length.
 */
@ServerTest
class Http10Test {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String V2 = "{\"fp\":\"anonymous\",\"messages\":[{\"id\":\"m1\",\"role\":\"user\",\"parts\":[{\"type\":\"text\","
            + "\"text\":\"How are failed deliveries retried?\"}]}]}";
    private final int port;
    private final int management;

    Http10Test(WebServer server) {
        this.port = server.port();
        this.management = server.port(ServerSettings.MANAGEMENT);
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite(), ConnectionSettings.DEFAULTS);
    }

    private static String v2(String connection) {
        return "POST /v2/assistant/acme/message HTTP/1.0\r\nHost: localhost\r\nAuthorization: "
                + TestApps.authorization(TestApps.exampleSite(), "acme") + "\r\nContent-Type: application/json\r\n" + connection
                + "Content-Length: " + V2.length() + "\r\n\r\n" + V2;
    }

    /** One answer on a connection the server then closed, framed as HTTP/1.0 allows. */
    private static Response onlyAnswer(Exchange exchange) {
        assertTrue(exchange.closed(), "closed after the answer: " + exchange.text());
        assertEquals(1, exchange.responses().size(), exchange.text());
        Response response = exchange.response();
        assertNull(response.header("Transfer-Encoding"), response.head());
        assertEquals("close", response.header("Connection"), response.head());
        return response;
    }

    @Test
    void aRequestWithoutHostIsAnsweredAndTheConnectionCloses() {
        Response health = onlyAnswer(RawHttp.exchange(port, "GET /health HTTP/1.0\r\n\r\n", WAIT));
        assertEquals(200, health.status(), health.head());
        assertEquals("{\"status\":\"UP\"}", health.body());
        Response root = onlyAnswer(RawHttp.exchange(port, "GET / HTTP/1.0\r\n\r\n", WAIT));
        assertTrue(root.status() < 500, root.head());
        // HAProxy's default httpchk on the management listener.
        Response ready = onlyAnswer(RawHttp.exchange(management, "OPTIONS /observe/health/ready HTTP/1.0\r\n\r\n", WAIT));
        assertTrue(ready.status() < 500, ready.head());
        Response details = onlyAnswer(RawHttp.exchange(management, "GET /observe/health/ready HTTP/1.0\r\n\r\n", WAIT));
        assertEquals(200, details.status(), details.head());
    }

    @Test
    void aPageIsSentWhole() {
        Response page = onlyAnswer(RawHttp.exchange(port, "GET /sites/acme/ HTTP/1.0\r\nHost: localhost\r\n\r\n", WAIT));
        assertEquals(200, page.status(), page.head());
        assertTrue(page.body().strip().endsWith("</html>"), page.body());
    }

    @Test
    void anAnswerStreamEndsWithTheConnection() {
        for (String connection : List.of("", "Connection: keep-alive\r\n")) {
            Exchange exchange = RawHttp.exchange(port, v2(connection), WAIT);
            Response stream = onlyAnswer(exchange);
            assertEquals(200, stream.status(), stream.head());
            assertTrue(stream.header("Content-Type").startsWith("text/event-stream"), stream.head());
            assertNull(stream.header("Content-Length"), stream.head());
            assertTrue(stream.body().contains("\"type\":\"finish\""), "the whole stream, unchunked: " + stream.body());
            assertFalse(stream.body().matches("(?s).*\r\n[0-9a-f]+\r\n.*"), "no chunk framing: " + stream.body());
        }
    }

    @Test
    void keepAliveIsHonouredForAnswersWithALength() throws Exception {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            OutputStream out = socket.getOutputStream();
            String query = "{\"query\":\"retries\"}";
            out.write(("POST /v1/search/acme HTTP/1.0\r\nHost: localhost\r\nConnection: keep-alive\r\nAuthorization: "
                    + TestApps.authorization(TestApps.exampleSite(), "acme") + "\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + query.length() + "\r\n\r\n" + query).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Response search = RawHttp.readResponse(socket, WAIT);
            assertEquals(200, search.status(), search.head());
            assertEquals("keep-alive", search.header("Connection"), search.head());
            for (int i = 0; i < 3; i++) {
                out.write("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Response response = RawHttp.readResponse(socket, WAIT);
                assertEquals(200, response.status(), response.head());
                assertEquals("keep-alive", response.header("Connection"), response.head());
                assertEquals(String.valueOf(response.body().length()), response.header("Content-Length"), response.head());
            }
            // A HEAD answer has its head only (Helidon writes a body, which must not reach the client); then a
            // request without keep-alive ends the connection.
            out.write("HEAD /health HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\nGET /health HTTP/1.0\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Exchange rest = RawHttp.readToEnd(socket, WAIT);
            assertTrue(rest.closed(), rest.text());
            assertTrue(rest.text().matches("(?s)HTTP/1\\.1 404 [^\r]*\r\n.*Connection: keep-alive\r\n\r\n"
                    + "HTTP/1\\.1 200 [^\r]*\r\n.*Connection: close\r\n\r\n\\{\"status\":\"UP\"}"), rest.text());
        }
    }

    @Test
    void aRefusedRequestIsAnsweredAsJson() {
        Response refused = onlyAnswer(RawHttp.exchange(port, "POST /v1/search/acme HTTP/1.0\r\nContent-Type: application/json\r\n"
                + "Content-Length: 2\r\n\r\n{}", WAIT));
        assertEquals(401, refused.status(), refused.head());
        assertTrue(refused.isJsonMessage(), refused.body());
    }

    @Test
    void nginxWithItsDefaultUpstreamVersionPassesAStream() throws Exception {
        MachineDependencies.require(Nginx.installed(), "nginx");
        Path dir = TempDirs.create("docs-assistant-nginx10-");
        int front = Nginx.freePort();
        // No proxy_http_version: nginx speaks HTTP/1.0 to the server, a connection per request.
        String conf = "server { listen 127.0.0.1:" + front + "; location / { proxy_pass http://127.0.0.1:" + port
                + "; proxy_buffering off; proxy_set_header Host localhost; } }\n";
        try (Nginx nginx = Nginx.start(dir, conf, front)) {
            Exchange health = RawHttp.exchange(front, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", WAIT);
            assertEquals(200, health.response().status(), health.text() + nginx.errorLog());
            Exchange stream = RawHttp.exchange(front, v2("").replace("HTTP/1.0", "HTTP/1.1")
                    .replace("Content-Type:", "Connection: close\r\nContent-Type:"), WAIT);
            assertEquals(200, stream.response().status(), stream.text() + nginx.errorLog());
            assertTrue(stream.response().body().contains("\"type\":\"finish\""), stream.text());
        } finally {
            TempDirs.delete(dir);
        }
    }

    @Test
    void curlInHttp10ModeReadsAStream() throws Exception {
        MachineDependencies.require(MachineCommands.onPath("curl"), "curl");
        Process curl = new ProcessBuilder("curl", "-0", "-sS", "-i", "--max-time", "20",
                "-H", "Authorization: " + TestApps.authorization(TestApps.exampleSite(), "acme"),
                "-H", "Content-Type: application/json", "--data-binary", V2,
                "http://127.0.0.1:" + port + "/v2/assistant/acme/message").redirectErrorStream(true).start();
        String output = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, curl.waitFor(), output); // curl fails on a chunked answer to its 1.0 request
        assertTrue(output.startsWith("HTTP/1.1 200"), output);
        assertFalse(output.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding"), output);
        assertTrue(output.contains("\"type\":\"finish\""), output);
    }
}
