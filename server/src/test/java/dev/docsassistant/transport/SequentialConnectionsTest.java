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

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client that opens one connection per request, one after another (Python's urllib does), never holds
 * more than one connection: it must never meet the per-address limit, whatever way its connections end.
 */
@ServerTest
class SequentialConnectionsTest {
    private static final int REQUESTS = 2000;
    private final int port;
    private final String authorization = TestApps.authorization(TestApps.exampleSite(), "acme");

    SequentialConnectionsTest(WebServer server) {
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite()); // the configured defaults, limit per address included
    }

    @Test
    void sequentialConnectionCloseRequestsAreNeverRefused() {
        String body = "{\"query\": \"tools/list\", \"pageSize\": 1}";
        String search = "POST /v1/search/acme HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + authorization
                + "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
        String unauthorized = "POST /v1/search/acme HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close"
                + "\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
        for (int i = 0; i < REQUESTS; i++) {
            boolean error = i % 10 == 9; // an error answer closes its connection too
            Exchange exchange = RawHttp.exchange(port, error ? unauthorized : search, Duration.ofSeconds(10));
            assertTrue(exchange.closed(), "request " + i + " left open: " + exchange.text());
            assertEquals(error ? 401 : 200, exchange.response().status(), "request " + i + ": " + exchange.text());
        }
    }

    @Test
    void connectionsEndingEarlyAreNotCountedEither() throws Exception {
        for (int i = 0; i < REQUESTS; i++) {
            if (i % 20 == 19) {
                Exchange exchange = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                        Duration.ofSeconds(5));
                assertEquals(200, exchange.response().status(), "after " + i + " early ends: " + exchange.text());
                continue;
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
                if (i % 2 == 0) { // half a request, then gone; else nothing at all
                    socket.getOutputStream().write("GET /health HTTP/1.1\r\nHost: localhost\r\n".getBytes(StandardCharsets.US_ASCII));
                }
            }
        }
    }

    @Test
    void idleKeepAliveConnectionsMakeRoomForNewOnes() throws Exception {
        int limit = ConnectionSettings.DEFAULTS.maxPerAddress();
        List<Socket> idle = new ArrayList<>();
        try {
            // An office behind one NAT address: many browsers, each keeping connections open between requests.
            for (int i = 0; i < limit; i++) {
                Socket socket = new Socket();
                socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertTrue(RawHttp.readUntil(socket, "\r\n\r\n").startsWith("HTTP/1.1 200"), "connection " + i);
                idle.add(socket);
            }
            // A client has its answer before the request's thread is done with it: wait until the server too
            // counts every connection idle, else the one whose thread lags is busy to it and another gives way.
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (ConnectionGuard.idleAfterAnswerTo(port) < limit) {
                assertTrue(System.nanoTime() < deadline, ConnectionGuard.idleAfterAnswerTo(port) + " of " + limit + " idle");
                Thread.sleep(10);
            }
            Exchange more = RawHttp.exchange(port, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                    Duration.ofSeconds(5));
            assertEquals(200, more.response().status(), more.text());
            Exchange oldest = RawHttp.readToEnd(idle.getFirst(), Duration.ofSeconds(5));
            assertTrue(oldest.closed(), "the connection idle longest was closed to make room");
        } finally {
            for (Socket socket : idle) {
                socket.close();
            }
        }
    }
}
