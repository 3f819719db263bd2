package dev.docsassistant.egress;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The egress HTTP client against two loopback servers: one named in the allow list under a name DNS
 * does not know (so a request can only reach it through the checked address), one not named at all.
 */
class EgressHttpTest {
    private HttpServer allowed;
    private HttpServer internal;
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final List<String> internalSeen = new CopyOnWriteArrayList<>();
    private EgressHttp http;

    @BeforeEach
    void start() throws IOException {
        allowed = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        internal = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        allowed.createContext("/", exchange -> {
            seen.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " host=" + exchange.getRequestHeaders().getFirst("Host")
                    + " body=" + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            String path = exchange.getRequestURI().getPath();
            if (path.startsWith("/to-internal")) {
                exchange.getResponseHeaders().add("Location", "http://127.0.0.1:" + internal.getAddress().getPort() + "/secret");
                exchange.sendResponseHeaders(302, -1);
            } else if (path.startsWith("/loop")) {
                exchange.getResponseHeaders().add("Location", "/loop");
                exchange.sendResponseHeaders(307, -1);
            } else if (path.startsWith("/see-other")) {
                exchange.getResponseHeaders().add("Location", "/done");
                exchange.sendResponseHeaders(303, -1);
            } else if (path.startsWith("/long")) {
                exchange.sendResponseHeaders(200, 5000); // with a Content-Length over the limit
                exchange.getResponseBody().write(new byte[5000]);
            } else if (path.startsWith("/big")) {
                exchange.sendResponseHeaders(200, 0); // chunked
                exchange.getResponseBody().write(new byte[5000]);
            } else {
                byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        internal.createContext("/", exchange -> {
            internalSeen.add(exchange.getRequestURI().toString());
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        allowed.start();
        internal.start();
        Egress.Resolver dns = host -> {
            if (host.equals("docs.test")) {
                return new InetAddress[] {InetAddress.getLoopbackAddress()};
            }
            if (host.matches("[0-9.]+")) {
                return InetAddress.getAllByName(host);
            }
            throw new UnknownHostException(host);
        };
        Egress egress = new Egress(new EgressSettings(Set.of("docs.test:" + allowed.getAddress().getPort()), List.of()), dns);
        http = new EgressHttp(egress, Duration.ofSeconds(10), 4096);
    }

    @AfterEach
    void stop() {
        allowed.stop(0);
        internal.stop(0);
    }

    private URI at(String path) {
        return URI.create("http://docs.test:" + allowed.getAddress().getPort() + path);
    }

    @Test
    void connectsToTheCheckedAddressAndSendsTheNameAsHost() throws IOException {
        EgressHttp.Response response = http.send(Use.PLAYGROUND, "POST", at("/api?x=1"), Map.of("X-Test", "yes"),
                "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        assertEquals(200, response.status());
        assertEquals("hello", new String(response.body(), StandardCharsets.UTF_8));
        assertEquals(List.of("POST /api?x=1 host=docs.test:" + allowed.getAddress().getPort() + " body={\"a\":1}"), seen);
    }

    @Test
    void aRedirectToAnInternalAddressIsRefusedBeforeItIsFollowed() {
        EgressRefused refused = assertThrows(EgressRefused.class,
                () -> http.send(Use.PLAYGROUND, "GET", at("/to-internal"), Map.of(), null));
        assertEquals(EgressRefused.Kind.ADDRESS, refused.kind());
        assertEquals(List.of(), internalSeen, "the internal server was never asked");
    }

    @Test
    void redirectsAreFollowedAFewTimesOnly() throws IOException {
        EgressRefused refused = assertThrows(EgressRefused.class, () -> http.send(Use.PLAYGROUND, "GET", at("/loop"), Map.of(), null));
        assertEquals(EgressRefused.Kind.REDIRECTS, refused.kind());
        assertEquals(EgressHttp.MAX_REDIRECTS + 1, seen.size());
        seen.clear();
        EgressHttp.Response done = http.send(Use.PLAYGROUND, "POST", at("/see-other"), Map.of(), new byte[] {1});
        assertEquals(200, done.status());
        assertTrue(seen.get(1).startsWith("GET /done"), seen.toString());
    }

    @Test
    void aBodyOverTheLimitFailsAndHeadersCannotBeSmuggled() {
        IOException tooBig = assertThrows(IOException.class, () -> http.send(Use.PLAYGROUND, "GET", at("/big"), Map.of(), null));
        assertTrue(tooBig.getMessage().contains("larger than 4096"), tooBig.getMessage());
        assertThrows(IllegalArgumentException.class, () -> http.send(Use.PLAYGROUND, "GET", at("/"),
                Map.of("X-A", "1\r\nHost: evil"), null));
        assertThrows(EgressRefused.class, () -> http.send(Use.PLAYGROUND, "GET",
                URI.create("http://127.0.0.1:" + internal.getAddress().getPort() + "/"), Map.of(), null));
        assertEquals(List.of(), internalSeen);
    }

    @Test
    void aTruncatingClientCutsTheBodyAtItsLimitAndSaysSo() throws IOException {
        Egress egress = new Egress(new EgressSettings(Set.of("127.0.0.1:" + allowed.getAddress().getPort()), List.of()));
        EgressHttp truncating = new EgressHttp(egress, Duration.ofSeconds(10), Duration.ofSeconds(30), 4096, true);
        URI base = URI.create("http://127.0.0.1:" + allowed.getAddress().getPort());
        for (String path : List.of("/big", "/long")) {
            EgressHttp.Response cut = truncating.sendOnce(Use.PLAYGROUND, "GET", base.resolve(path), Map.of(), null);
            assertEquals(4096, cut.body().length, path);
            assertTrue(cut.truncated(), path);
        }
        EgressHttp.Response whole = truncating.sendOnce(Use.PLAYGROUND, "GET", base.resolve("/"), Map.of(), null);
        assertFalse(whole.truncated());
        assertEquals("hello", new String(whole.body(), StandardCharsets.UTF_8));
    }

    /** A server on 127.0.0.1 that answers each connection with {@code answer} (null: reads and never answers). */
    private static java.net.ServerSocket raw(String answer, java.util.concurrent.CountDownLatch done) throws IOException {
        java.net.ServerSocket socket = new java.net.ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            try (java.net.Socket client = socket.accept()) {
                client.getInputStream().read(new byte[8192]);
                if (answer != null) {
                    client.getOutputStream().write(answer.getBytes(StandardCharsets.ISO_8859_1));
                    client.getOutputStream().flush();
                }
                done.await(30, java.util.concurrent.TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                // the test has ended or closed the connection
            }
        });
        return socket;
    }

    @Test
    void interimResponsesAreSkipped() throws Exception {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        try (java.net.ServerSocket server = raw("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", done)) {
            Egress egress = new Egress(new EgressSettings(Set.of("127.0.0.1:" + server.getLocalPort()), List.of()));
            EgressHttp.Response response = new EgressHttp(egress, Duration.ofSeconds(10), 4096)
                    .sendOnce(Use.PLAYGROUND, "GET", URI.create("http://127.0.0.1:" + server.getLocalPort() + "/"), Map.of(), null);
            assertEquals(200, response.status());
            assertEquals("ok", new String(response.body(), StandardCharsets.UTF_8));
        } finally {
            done.countDown();
        }
    }

    @Test
    void aTotalTimeBoundsARequestThatNeverAnswers() throws Exception {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        try (java.net.ServerSocket server = raw(null, done)) {
            Egress egress = new Egress(new EgressSettings(Set.of("127.0.0.1:" + server.getLocalPort()), List.of()));
            EgressHttp bounded = new EgressHttp(egress, Duration.ofSeconds(10), Duration.ofMillis(300), 4096, true);
            EgressHttp.Timeout timeout = assertThrows(EgressHttp.Timeout.class, () -> bounded.sendOnce(Use.PLAYGROUND, "GET",
                    URI.create("http://127.0.0.1:" + server.getLocalPort() + "/"), Map.of(), null));
            assertFalse(timeout.connecting(), "connected, then no answer");
        } finally {
            done.countDown();
        }
    }
}
