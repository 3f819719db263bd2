package dev.docsassistant.transport;

import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.server.ServerSettings;

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
 * Malformed HTTP framing, sent byte for byte: every answer is a 4xx with {@code {"message"}}, never a
 * 500 or an empty body, and a connection whose framing is broken is closed right after its answer.
 */
@ServerTest
class HttpFramingTest {
    private static final Duration WAIT = Duration.ofSeconds(5);
    private final int port;
    private final int management;

    HttpFramingTest(WebServer server) {
        this.port = server.port();
        this.management = server.port(ServerSettings.MANAGEMENT);
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite(), new ConnectionSettings(
                Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2), 0));
    }

    private static String search(String framing, String body) {
        return "POST /v1/search/acme HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
                + TestApps.authorization(TestApps.exampleSite(), "acme") + "\r\nContent-Type: application/json\r\n"
                + framing + "\r\n" + body;
    }

    private static Response assertClientError(Exchange exchange, int status, String messagePart) {
        Response response = exchange.response();
        assertEquals(status, response.status(), exchange.text());
        assertTrue(response.isJsonMessage(), exchange.text());
        assertTrue(response.body().contains(messagePart), response.body());
        return response;
    }

    @Test
    void bodyShorterThanItsContentLengthIs400() {
        try (CapturedLogs logs = CapturedLogs.all()) {
            byte[] request = search("Content-Length: 100\r\n", "{\"query\":").getBytes(StandardCharsets.US_ASCII);
            Exchange exchange = RawHttp.exchange(port, request, true, WAIT);
            assertClientError(exchange, 400, "ended before its Content-Length of 100 bytes");
            assertTrue(exchange.closed());
            assertFalse(logs.text().contains("unhandled error"), logs.text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"zz", "-1", "7fffffffffffffff", " 5", "0x5", ""})
    void badChunkSizeIs400AndCloses(String size) {
        try (CapturedLogs logs = CapturedLogs.all()) {
            Exchange exchange = RawHttp.exchange(port, search("Transfer-Encoding: chunked\r\n",
                    size + "\r\n{\"query\":\"x\"}\r\n0\r\n\r\n"), WAIT);
            assertClientError(exchange, 400, "not valid chunked encoding");
            assertTrue(exchange.closed() && exchange.millis() < 1500, "closed at once: " + exchange.millis() + " ms");
            assertFalse(logs.text().contains("unhandled error"), logs.text());
        }
    }

    @Test
    void hugeChunkExtensionIs400() {
        Exchange exchange = RawHttp.exchange(port, search("Transfer-Encoding: chunked\r\n",
                "2;" + "a".repeat(5000) + "\r\n{}\r\n0\r\n\r\n"), WAIT);
        assertClientError(exchange, 400, "chunk");
    }

    @Test
    void chunkedTrailersAreAcceptedAndTheConnectionGoesOn() {
        String body = "{\"query\":\"tools\"}";
        Exchange exchange = RawHttp.exchange(port, search("Transfer-Encoding: chunked\r\n",
                Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\nX-Checksum: 1\r\n\r\n")
                + "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", WAIT);
        assertEquals(List.of(200, 200), exchange.responses().stream().map(Response::status).toList(), exchange.text());
        assertTrue(exchange.closed() && exchange.millis() < 1500, "closed after the second answer: " + exchange.millis() + " ms");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "1.5", "1e3", "0x10", "12345678901234567890"})
    void malformedContentLengthIs400(String length) {
        Exchange exchange = RawHttp.exchange(port, search("Content-Length: " + length + "\r\n", "{}"), WAIT);
        assertClientError(exchange, 400, "ontent");
        assertTrue(exchange.closed() && exchange.millis() < 1500, "closed at once: " + exchange.millis() + " ms");
    }

    @Test
    void lengthAndChunkedTogetherIs400() {
        Exchange exchange = RawHttp.exchange(port, search("Content-Length: 2\r\nTransfer-Encoding: chunked\r\n",
                "0\r\n\r\n"), WAIT);
        assertClientError(exchange, 400, "both Content-Length and Transfer-Encoding");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "GET /health HTTP/1.1\r\n\r\n",                                     // no Host
        "GET /health HTTP/1.1\r\nHost: localhost\r\nHost: b\r\n\r\n",               // two Hosts
        "GET /health HTTP/1.1\r\nHost: localhost\r\nno-colon\r\n\r\n",
        "GET /health HTTP/1.1\r\nHost: localhost\r\nX-A: 1\r\n folded\r\n\r\n",     // obs-fold
        "GET /health HTTP/1.1\r\nHost: localhost\r\nX-A: a\u0001b\r\n\r\n",         // control character
        "POST /v1/search/acme HTTP/1.1\r\nHost: localhost\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}",
        "GET /health% HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "GET / HTTP/1.2\r\nHost: localhost\r\n\r\n",
        "hello\r\n\r\n",
    })
    void protocolErrorsAreJson(String request) {
        Exchange exchange = RawHttp.exchange(port, request, WAIT);
        assertClientError(exchange, 400, "malformed request");
        assertTrue(exchange.closed(), exchange.text());
    }

    @Test
    void tooManyOrTooLongHeadersAreJson() {
        StringBuilder many = new StringBuilder("GET /health HTTP/1.1\r\nHost: localhost\r\n");
        for (int i = 0; i < 2000; i++) {
            many.append("X-").append(i).append(": v\r\n");
        }
        assertClientError(RawHttp.exchange(port, many + "\r\n", WAIT), 400, "malformed request");
        assertClientError(RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Long: " + "v".repeat(20000)
                + "\r\n\r\n", WAIT), 400, "malformed request");
    }

    @Test
    void uriTooLongIs414Json() {
        assertClientError(RawHttp.exchange(port, "GET /" + "a".repeat(10000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n", WAIT),
                414, "too long");
    }

    @Test
    void http10AfterHttp11OnOneConnectionGetsA505MessageAndTheConnectionEnds() {
        // HTTP/1.0 is served on connections that begin with it (Http10Test); a switch midway is refused.
        Exchange exchange = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\nGET /health HTTP/1.0\r\n\r\n", WAIT);
        assertEquals(List.of(200, 505), exchange.responses().stream().map(Response::status).toList(), exchange.text());
        assertTrue(exchange.responses().get(1).isJsonMessage() && exchange.responses().get(1).body().contains("one version"),
                exchange.text());
        assertTrue(exchange.closed() && exchange.millis() < 1500, exchange.text());
    }

    @Test
    void connectionCloseEndsTheConnection() {
        Exchange exchange = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", WAIT);
        assertEquals(200, exchange.response().status());
        assertTrue(exchange.closed() && exchange.millis() < 1000, "EOF after the answer: " + exchange.millis() + " ms");
    }

    @Test
    void connectionCloseEndsTheConnectionOnTheManagementListenerToo() {
        for (String path : List.of("/observe/health/ready", "/observe/metrics")) {
            Exchange exchange = RawHttp.exchange(management, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", WAIT);
            assertEquals(200, exchange.response().status(), exchange.text());
            assertTrue(exchange.closed() && exchange.millis() < 1000, path + ": EOF after the answer: " + exchange.millis() + " ms");
        }
    }

    @Test
    void unknownPathIsJson404AndWrongMethodIs405WithAllow() {
        Response unknown = assertClientError(RawHttp.exchange(port,
                "POST /nope HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", WAIT), 404, "/nope");
        assertEquals(404, unknown.status());
        Response wrong = assertClientError(RawHttp.exchange(port,
                "GET /v2/assistant/acme/message HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", WAIT), 405, "POST");
        assertEquals("POST, OPTIONS", wrong.header("Allow"));
    }
}
