package dev.docsassistant.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A bare HTTP/1.1 client, for tests that must read part of a stream and then hang up, as a reader closing a tab. */
public final class RawHttp {
    private RawHttp() {
    }

    /** Sends a JSON POST; the caller reads the response and closes the socket. */
    public static Socket post(int port, String path, String authorization, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(30_000);
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + (authorization == null ? "" : "Authorization: " + authorization + "\r\n")
                + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
        return socket;
    }

    /** Reads until {@code marker} has arrived; everything read so far (status line and headers included). */
    public static String readUntil(Socket socket, String marker) throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder seen = new StringBuilder();
        byte[] buf = new byte[4096];
        while (!seen.toString().contains(marker)) {
            int n = in.read(buf);
            assertTrue(n > 0, "stream ended early: " + seen);
            seen.append(new String(buf, 0, n, StandardCharsets.UTF_8));
        }
        return seen.toString();
    }
}
