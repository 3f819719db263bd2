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
 * after its answer is closed once its timeout passes; one address cannot hold more than its share of busy connections.
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
        Exchange exchange = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", WAIT);
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
        Exchange exchange = RawHttp.exchange(port, "POST /v1/search/acme HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
                + TestApps.authorization(TestApps.exampleSite(), "acme") + "\r\nContent-Length: 50\r\n\r\n{\"qu",
                WAIT);
        assertClosedAfterTheTimeout(exchange);
        assertEquals(400, exchange.response().status(), exchange.text());
        assertTrue(exchange.response().isJsonMessage(), exchange.text());
    }

    @Test
    void idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() {
        Exchange exchange = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n", WAIT);
        assertEquals(200, exchange.response().status());
        assertClosedAfterTheTimeout(exchange);
    }

    @Test
    void oneAddressCannotHoldMoreThanItsShareOfBusyConnections() throws Exception {
        List<Socket> open = new ArrayList<>();
        int refused = 0;
        try {
            // Requests whose declared body never comes keep their connections busy until the body timeout.
            for (int i = 0; i < PER_ADDRESS; i++) {
                open.add(send("POST /v1/search/acme HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
                        + TestApps.authorization(TestApps.exampleSite(), "acme") + "\r\nContent-Length: 50\r\n\r\n{\"qu"));
            }
            Thread.sleep(300); // their requests begin
            List<Socket> extra = new ArrayList<>();
            for (int i = 0; i < PER_ADDRESS; i++) {
                extra.add(send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"));
            }
            open.addAll(extra);
            for (Socket socket : extra) {
                Exchange answer = RawHttp.readToEnd(socket, Duration.ofMillis(200));
                if (answer.bytes().length > 0 && answer.response().status() == 503) {
                    assertTrue(answer.response().isJsonMessage() && answer.closed(), answer.text());
                    refused++;
                }
            }
        } finally {
            for (Socket socket : open) {
                close(socket);
            }
        }
        assertEquals(PER_ADDRESS, refused, "all busy: every further connection is refused");
        // The busy ones end as the server reads their clients' EOF (or their body timeout passes): room again.
        long deadline = System.nanoTime() + WAIT.toNanos();
        int status;
        do {
            status = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                    Duration.ofSeconds(3)).response().status();
        } while (status == 503 && System.nanoTime() < deadline && sleep(20));
        assertEquals(200, status, "the busy ones have ended: room again");
    }

    private static boolean sleep(long millis) throws InterruptedException {
        Thread.sleep(millis);
        return true;
    }

    private Socket send(String request) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        return socket;
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Test cleanup.
        }
    }
}
