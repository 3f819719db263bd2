package dev.docsassistant.transport;

import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.RawHttp.Exchange;
import io.helidon.common.mapper.MapperManager;
import io.helidon.service.registry.ServiceRegistry;
import io.helidon.service.registry.ServiceRegistryManager;
import io.helidon.webserver.ListenerConfig;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.ServerRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Canaries: each test runs plain Helidon (none of this package's workarounds) and asserts that the
 * Helidon behaviour a workaround exists for is still there. A failing canary is good news: Helidon
 * behaves now, and its message names the workaround that can be deleted (see package-info).
 */
class HelidonHttpCanaryTest {
    /** Generous: only ever waited for in full when the behaviour under watch is the one asserted. */
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static WebServer plain;

    @BeforeAll
    static void start() {
        plain = WebServer.builder().host("127.0.0.1").port(0)
                .routing(r -> r.post("/echo", (req, res) -> res.send(req.content().as(String.class)))
                        .get("/hello", (req, res) -> res.send("hello")))
                .build().start();
    }

    @AfterAll
    static void stop() {
        plain.stop();
    }

    private static String post(String framing, String body) {
        return "POST /echo HTTP/1.1\r\nHost: a\r\n" + framing + "\r\n" + body;
    }

    @Test
    void chunkExtensionsAreRefused() {
        RawHttp.Response r = firstResponse(post("Transfer-Encoding: chunked\r\n", "5;name=value\r\nhello\r\n0\r\n\r\n"));
        assertNotEquals(200, r.status(), "Helidon now reads chunk extensions (RFC 9112 §7.1.1): ChunkedBodyReader's "
                + "size-line handling can be deleted");
    }

    @Test
    void trailerFieldsAreNotRead() throws IOException {
        // Helidon 4.4.0 takes the trailer field for the end of the body and then waits: no answer at all.
        try (Socket socket = connect()) {
            send(socket, post("Transfer-Encoding: chunked\r\n", "5\r\nhello\r\n0\r\nX-Checksum: abc\r\n\r\n"));
            Exchange e = RawHttp.readToEnd(socket, Duration.ofSeconds(5));
            assertFalse(e.text().startsWith("HTTP/1.1 200"), "Helidon now reads a chunked trailer section "
                    + "(RFC 9112 §7.1.2): ChunkedBodyReader can be deleted (Http1Context then reads through Http10Source alone), with Http1Selector's "
                    + "use of them");
        }
    }

    @Test
    void anHttp10RequestIsDroppedWithoutAnAnswer() {
        // Longer than the 24-byte HTTP/2 preface, so Helidon's selectors decide at once.
        Exchange e = RawHttp.exchange(plain.port(), "GET /hello HTTP/1.0\r\nHost: a\r\nUser-Agent: canary\r\n\r\n", WAIT);
        assertEquals("", e.text(), "Helidon now answers an HTTP/1.0 request: if it serves it, Http1Selector, Http10Source and "
                + "Http10Writer can be deleted (register ChunkedBodyReader's fix, if still needed, elsewhere)");
    }

    @Test
    void itsOwnErrorsAreNotJson() {
        RawHttp.Response r = firstResponse("GET /hello HTTP/1.1\r\nHost: a\r\nNoColonHere\r\n\r\n");
        assertEquals(400, r.status(), r.head());
        assertFalse(String.valueOf(r.header("Content-Type")).startsWith("application/json"),
                "Helidon now answers the errors it raises itself with JSON: JsonDirectHandler can be deleted if the "
                        + "body is {\"message\": ...}");
    }

    @Test
    void aConnectionCloseRequestLeavesTheSocketOpen() throws IOException {
        // helidon-io/helidon#12324
        try (Socket socket = connect()) {
            send(socket, "GET /hello HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
            RawHttp.Response r = RawHttp.readResponse(socket, WAIT);
            assertEquals("close", r.header("Connection"));
            socket.setSoTimeout(5000);
            boolean closed;
            try {
                closed = socket.getInputStream().read() < 0;
            } catch (SocketTimeoutException e) {
                closed = false;
            }
            assertFalse(closed, "Helidon now closes the connection after answering 'Connection: close' "
                    + "(helidon-io/helidon#12324): ConnectionGuard's close in its filter can be deleted");
        }
    }

    @Test
    void bothContentLengthAndTransferEncodingAreAccepted() {
        RawHttp.Response r = firstResponse(post("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", "5\r\nhello\r\n0\r\n\r\n"));
        assertEquals(200, r.status(), "Helidon now refuses a request with both Content-Length and Transfer-Encoding "
                + "(RFC 9112 §6.1): check RequestFraming's other cases (negative or repeated lengths, other codings); "
                + "if Helidon refuses those too, RequestFraming can be deleted");
    }

    @Test
    void noListenerHookSeesAnAcceptedConnection() {
        List<String> hooks = Arrays.stream(ListenerConfig.Builder.class.getMethods()).map(Method::getName)
                .filter(n -> n.matches("(?i).*(accept|connectionlistener|onconnect|connectionobserver).*")).toList();
        assertTrue(hooks.isEmpty(), "Helidon now offers a per-connection hook " + hooks + ": GuardedSocketOptions "
                + "(ConnectionGuard learns of connections through socket options) can be deleted");
    }

    @Test
    void aRouteCannotAskWhetherItsClientLeft() {
        List<String> probes = Stream.of(ServerRequest.class, RoutingRequest.class).flatMap(t -> Arrays.stream(t.getMethods()))
                .map(Method::getName).filter(n -> n.matches("(?i).*(closed|connected|disconnect|peergone|onclose).*")).toList();
        assertTrue(probes.isEmpty(), "Helidon's request now tells a route that its client left " + probes
                + ": PeerProbe (and ConnectionGuard's probing of the socket) can be deleted");
    }

    @Test
    @SuppressWarnings("removal")
    void eachMapperManagerLookupMakesANewOne() {
        ServiceRegistryManager registries = ServiceRegistryManager.create(); // a registry of its own: the global one may hold SharedMappers'
        try {
            ServiceRegistry registry = registries.registry();
            assertNotSame(registry.get(MapperManager.class), registry.get(MapperManager.class),
                    "Helidon's registry now keeps one MapperManager: SharedMappers can be deleted");
        } finally {
            registries.shutdown();
        }
    }

    private static Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", plain.port()), 2000);
        socket.setSoTimeout((int) WAIT.toMillis());
        return socket;
    }

    private static void send(Socket socket, String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** The first response on a fresh connection, read to the end of its body (Helidon may keep the socket open). */
    private static RawHttp.Response firstResponse(String request) {
        try (Socket socket = connect()) {
            send(socket, request);
            return RawHttp.readResponse(socket, WAIT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
