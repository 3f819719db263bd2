package dev.docsassistant.transport;

import dev.docsassistant.server.ServerSetup;

import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.RawHttp.Exchange;
import dev.docsassistant.testing.RawHttp.Response;
import dev.docsassistant.testing.TestApps;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Chunked request bodies as RFC 9112 §7.1 allows them, byte for byte: chunk extensions
 * ({@code 5;name=value}) and trailer fields are read on every route, each route answers them as it
 * answers the same body sent with a Content-Length, and the connection goes on to the next request.
 * Extensions or trailers beyond their limits, or breaking the grammar, are a 400 JSON.
 */
@ServerTest
class ChunkedFramingTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String NEXT = "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    /** Every kind of route: JSON bodies, streams, MCP, dashboard forms, admin, no route reading a body, no route at all. */
    private static final String[][] ROUTES = {
        {"POST /v1/search/acme", "application/json", "{\"query\":\"tools\"}"},
        {"POST /v1/page/acme", "application/json", "{\"path\":\"/guides/retries\"}"},
        {"POST /v2/assistant/acme/message", "application/json",
            "{\"fp\":\"a\",\"messages\":[{\"id\":\"m1\",\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":\"What are tools?\"}]}]}"},
        {"POST /v1/assistant/acme/message", "application/json", "{\"fp\":\"a\",\"messages\":[{\"role\":\"user\",\"content\":\"What are tools?\"}]}"},
        {"POST /v1/assistant/acme/feedback", "application/json", "{\"threadId\":\"thr_x\",\"messageId\":\"msg_x\",\"helpful\":true}"},
        {"POST /v1/feedback/acme", "application/json", "{\"helpful\":true,\"messageId\":\"m1\"}"},
        {"POST /sites/acme/mcp", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"},
        {"POST /dashboard/sign-in", "application/x-www-form-urlencoded", "email=dana%40acme.example"},
        {"POST /admin/v1/keys", "application/json", "{\"organization\":\"acme\"}"},
        {"GET /health", "text/plain", "ignored"},
        {"POST /nope", "application/json", "{}"},
    };
    private final int port;

    ChunkedFramingTest(WebServer server) {
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite(), new ConnectionSettings(
                Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), 0));
    }

    private static String head(String[] route, String framing) {
        String[] line = route[0].split(" ");
        // The dashboard and the admin API answer on the dashboard's own host only.
        String host = line[1].startsWith("/dashboard") || line[1].startsWith("/admin/") ? "dashboard.localhost" : "localhost";
        return line[0] + " " + line[1] + " HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: "
                + TestApps.authorization(TestApps.exampleSite(), "acme") + "\r\nContent-Type: " + route[1]
                + "\r\nAccept: application/json, text/event-stream\r\n" + framing + "\r\n";
    }

    /** The body in up to three chunks, each size line with extensions of another shape, then trailer fields. */
    private static String chunkedWithExtensionsAndTrailers(String body) {
        String[] extensions = {";name=value", " ; quoted = \"a ; \\\" b\" ; bare", ";x"};
        StringBuilder out = new StringBuilder();
        int from = 0;
        for (int i = 0; i < 3; i++) {
            int to = i == 2 ? body.length() : (i + 1) * body.length() / 3;
            if (to > from) { // a zero size would be the last chunk
                out.append(Integer.toHexString(to - from).toUpperCase()).append(extensions[i]).append("\r\n")
                        .append(body, from, to).append("\r\n");
            }
            from = to;
        }
        return out + "0;last=1\r\nX-Checksum: 1\r\nX-Empty:\r\nServer-Timing: db;dur=53\r\n\r\n";
    }

    private static List<Integer> statuses(Exchange exchange) {
        return exchange.responses().stream().map(Response::status).toList();
    }

    @Test
    void everyRouteReadsExtensionsAndTrailersAsItReadsAContentLength() {
        try (CapturedLogs logs = CapturedLogs.all()) {
            for (String[] route : ROUTES) {
                int plain = RawHttp.exchange(port, head(route, "Content-Length: " + route[2].length() + "\r\n")
                        + route[2] + NEXT, WAIT).response().status();
                Exchange chunked = RawHttp.exchange(port, head(route, "Transfer-Encoding: chunked\r\n")
                        + chunkedWithExtensionsAndTrailers(route[2]) + NEXT, WAIT);
                List<Integer> statuses = statuses(chunked);
                assertEquals(List.of(plain, 200), statuses, route[0] + ":\n" + chunked.text());
                assertTrue(chunked.closed(), route[0] + ": the next request's Connection: close ended it");
            }
            assertFalse(logs.text().contains("SEVERE"), logs.text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1;a=b", "1 ;a", "1; a = \"\"", "01;a=\"\\\\\"", "1;A-b.c_d!=e~f"})
    void legalExtensionShapes(String sizeLine) {
        String[] search = ROUTES[0];
        String body = "{\"query\":\"tools\"}";
        Exchange exchange = RawHttp.exchange(port, head(search, "Transfer-Encoding: chunked\r\n") + sizeLine + "\r\n{\r\n"
                + Integer.toHexString(body.length() - 1) + "\r\n" + body.substring(1) + "\r\n0\r\n\r\n" + NEXT, WAIT);
        assertEquals(List.of(200, 200), statuses(exchange), exchange.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"POST /v1/search/acme", "POST /v2/assistant/acme/message", "POST /sites/acme/mcp", "POST /dashboard/sign-in"})
    void anOversizedExtensionIsA400Json(String path) {
        String[] route = route(path);
        Exchange exchange = RawHttp.exchange(port, head(route, "Transfer-Encoding: chunked\r\n")
                + "2;" + "a".repeat(5000) + "\r\n{}\r\n0\r\n\r\n", WAIT);
        Response response = exchange.response();
        assertEquals(400, response.status(), path + ": " + exchange.text());
        assertTrue(response.isJsonMessage(), path + ": " + exchange.text());
        assertTrue(exchange.closed(), path);
    }

    @Test
    void brokenOrOversizedTrailersAreA400Json() {
        String[] search = ROUTES[0];
        String body = "{\"query\":\"tools\"}";
        String chunk = Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n";
        for (String trailers : List.of("no colon here\r\n\r\n", " X-Folded: 1\r\n\r\n",
                ("X-Big: " + "v".repeat(1000) + "\r\n").repeat(20) + "\r\n")) {
            Exchange exchange = RawHttp.exchange(port, head(search, "Transfer-Encoding: chunked\r\n") + chunk + trailers, WAIT);
            Response response = exchange.response();
            assertEquals(400, response.status(), exchange.text());
            assertTrue(response.isJsonMessage() && response.body().contains("trailer"), exchange.text());
            assertTrue(exchange.closed());
        }
    }

    private static String[] route(String path) {
        for (String[] route : ROUTES) {
            if (route[0].equals(path)) {
                return route;
            }
        }
        throw new IllegalArgumentException(path);
    }
}
