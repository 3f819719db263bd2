package dev.docsassistant.transport;

import dev.docsassistant.server.ServerSetup;

import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.RawHttp.Exchange;
import dev.docsassistant.testing.TestApps;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Slow and idle clients: a connection that stops mid-header, never sends its declared body or idles
 * after its answer is closed once its timeout passes; one address cannot hold more than its share.
 */
@ServerTest
class ConnectionTimeoutsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final int PER_ADDRESS = 12;
    /** Deadlines are checked a few times per timeout; a busy CI machine (2 shared cores) gets more. */
    private static final long LATEST_MS = TIMEOUT.toMillis() + 2500;
    private final int port;

    ConnectionTimeoutsTest(WebServer server) {
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.corpora(), new ConnectionSettings(TIMEOUT, TIMEOUT, TIMEOUT, PER_ADDRESS));
    }

    private void assertClosedInTime(Exchange exchange) {
        assertTrue(exchange.closed(), "still open after " + exchange.millis() + " ms: " + exchange.text());
        assertTrue(exchange.millis() >= TIMEOUT.toMillis() - 100 && exchange.millis() <= LATEST_MS,
                "closed after " + exchange.millis() + " ms");
    }

    @Test
    void requestStoppingMidHeaderGets408AndIsClosed() {
        Exchange exchange = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", Duration.ofSeconds(5));
        assertClosedInTime(exchange);
        assertEquals(408, exchange.response().status());
        assertTrue(exchange.response().isJsonMessage(), exchange.text());
    }

    @Test
    void nothingSentIsClosed() {
        assertClosedInTime(RawHttp.exchange(port, "", Duration.ofSeconds(5)));
    }

    @Test
    void declaredBodyNeverSentIsClosed() {
        Exchange exchange = RawHttp.exchange(port, "POST /v1/search/mcp HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
                + TestApps.authorization(TestApps.corpora(), "acme") + "\r\nContent-Length: 50\r\n\r\n{\"qu",
                Duration.ofSeconds(5));
        assertClosedInTime(exchange);
        assertEquals(400, exchange.response().status(), exchange.text());
        assertTrue(exchange.response().isJsonMessage(), exchange.text());
    }

    @Test
    void idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() {
        Exchange exchange = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n", Duration.ofSeconds(5));
        assertEquals(200, exchange.response().status());
        assertClosedInTime(exchange);
    }

    @Test
    void oneAddressCannotHoldMoreThanItsShare() throws Exception {
        List<Socket> open = new ArrayList<>();
        int answered = 0;
        int refused = 0;
        try {
            // All at once: the limit counts connections when they are accepted.
            for (int i = 0; i < PER_ADDRESS * 2; i++) {
                Socket socket = new Socket();
                socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
                open.add(socket);
                socket.getOutputStream().write("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            for (Socket socket : open) {
                Exchange answer = RawHttp.readToEnd(socket, Duration.ofMillis(200));
                int status = answer.response().status();
                if (status == 503) {
                    assertTrue(answer.response().isJsonMessage() && answer.closed(), answer.text());
                    refused++;
                } else if (status == 200) {
                    answered++;
                }
            }
        } finally {
            for (Socket socket : open) {
                close(socket);
            }
        }
        assertTrue(answered <= PER_ADDRESS && refused >= PER_ADDRESS, answered + " answered, " + refused + " refused");
        Thread.sleep(LATEST_MS); // closed connections are counted out at the next check
        assertEquals(200, RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                Duration.ofSeconds(3)).response().status());
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Test cleanup.
        }
    }
}
