package dev.docsassistant.transport;

import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.RawHttp.Response;
import dev.docsassistant.testing.TestApps;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A body over a route's limit is refused with 413 and its {@code {"message"}}, and the client that
 * writes the whole body before it reads gets that answer: the server reads and drops what the client
 * still sends (within bounds) before it closes, so the close resets nothing under the client.
 */
@ServerTest
class OversizedBodyTest {
    private static final Duration WAIT = Duration.ofSeconds(5);
    private final int port;

    OversizedBodyTest(WebServer server) {
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite(), ConnectionSettings.DEFAULTS);
    }

    @ParameterizedTest
    @CsvSource({"/v2/assistant/acme/message,length", "/v2/assistant/acme/message,expect", "/v2/assistant/acme/message,chunked",
        "/v1/search/acme,length"})
    void aClientWritingTheWholeBodyFirstGetsThe413(String path, String framing) throws Exception {
        byte[] body = new byte[2 * 1024 * 1024];
        Arrays.fill(body, (byte) ' ');
        body[0] = '{';
        body[body.length - 1] = '}';
        String head = "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
                + TestApps.authorization(TestApps.exampleSite(), "acme") + "\r\nContent-Type: application/json\r\n" + switch (framing) {
                    case "chunked" -> "Transfer-Encoding: chunked\r\n";
                    case "expect" -> "Expect: 100-continue\r\nContent-Length: " + body.length + "\r\n";
                    default -> "Content-Length: " + body.length + "\r\n";
                } + "\r\n";
        try (Socket socket = new Socket()) {
            // A small send buffer, as on a real network: the body cannot all sit in buffers, the server must take it.
            socket.setSendBufferSize(32 * 1024);
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            if (framing.equals("chunked")) {
                for (int at = 0; at < body.length; at += 65536) {
                    out.write(("10000\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(body, at, 65536);
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            } else {
                out.write(body); // all of it, before reading a byte: a broken pipe here fails the test
            }
            out.flush();
            Response response = RawHttp.readResponse(socket, WAIT);
            assertEquals(413, response.status(), response.head());
            assertTrue(response.isJsonMessage() && response.body().contains("larger than"), response.body());
        }
    }
}
