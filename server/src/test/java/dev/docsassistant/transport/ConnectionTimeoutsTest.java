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
    /** Generous: only waited for in full when a connection is never closed (the failure under test). */
    private static final Duration WAIT = Duration.ofSeconds(30);
    private final int port;

    ConnectionTimeoutsTest(WebServer server) {
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite(), new ConnectionSettings(TIMEOUT, TIMEOUT, TIMEOUT, PER_ADDRESS));
    }

    /** Closed by the server (EOF), and not before its timeout had passed. */
    private void assertClosedAfterTheTimeout(Exchange exchange) {
        assertTrue(exchange.closed(), "still open after " + exchange.millis() + " ms: " + exchange.text());
        assertTrue(exchange.millis() >= TIMEOUT.toMillis() - 100, "closed after " + exchange.millis() + " ms");
    }

    @Test
    void requestStoppingMidHeaderGets408AndIsClosed() {
        Exchange exchange = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: a\r\nX-Slow: ", WAIT);
        assertClosedAfterTheTimeout(exchange);
        assertEquals(408, exchange.response().status());
        assertTrue(exchange.response().isJsonMessage(), exchange.text());
    }

    @Test
    void nothingSentIsClosed() {
        assertClosedAfterTheTimeout(RawHttp.exchange(port, "", WAIT));
    }

    @Test
    void declaredBodyNeverSentIsClosed() {
        Exchange exchange = RawHttp.exchange(port, "POST /v1/search/acme HTTP/1.1\r\nHost: a\r\nAuthorization: "
                + TestApps.authorization(TestApps.exampleSite(), "acme") + "\r\nContent-Length: 50\r\n\r\n{\"qu",
                WAIT);
        assertClosedAfterTheTimeout(exchange);
        assertEquals(400, exchange.response().status(), exchange.text());
        assertTrue(exchange.response().isJsonMessage(), exchange.text());
    }

    @Test
    void idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() {
        Exchange exchange = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: a\r\n\r\n", WAIT);
        assertEquals(200, exchange.response().status());
        assertClosedAfterTheTimeout(exchange);
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
                socket.getOutputStream().write("GET /health HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            for (Socket socket : open) {
                // Each gets its answer: 200 on a connection kept open, or 503 and the close.
                RawHttp.Response answer = RawHttp.readResponse(socket, WAIT);
                if (answer.status() == 503) {
                    assertTrue(answer.isJsonMessage(), answer.head());
                    assertTrue(socket.getInputStream().read() < 0, "a refused connection is closed");
                    refused++;
                } else if (answer.status() == 200) {
                    answered++;
                }
            }
        } finally {
            for (Socket socket : open) {
                close(socket);
            }
        }
        assertTrue(answered <= PER_ADDRESS && refused >= PER_ADDRESS, answered + " answered, " + refused + " refused");
        // Closed connections are counted out at the guard's next check: the address gets in again.
        assertEquals(200, admittedAgain(), "the address is admitted again once its connections closed");
    }

    /** The status a fresh connection gets, asking again while it is refused, within {@link #WAIT}. */
    private int admittedAgain() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        int status;
        do {
            status = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", WAIT)
                    .response().status();
            if (status != 503) {
                return status;
            }
            Thread.sleep(TIMEOUT.toMillis() / 4); // the guard checks a few times per timeout
        } while (System.nanoTime() < deadline);
        return status;
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Test cleanup.
        }
    }
}
