package dev.docsassistant.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends exact bytes over a plain socket and reads what comes back until the server closes the
 * connection (or a deadline passes), for tests of HTTP framing no client library would send.
 */
public final class RawHttp {
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?i)\r\ncontent-length:\\s*(\\d+)");
    private RawHttp() {
    }

    /**
     * @param bytes   the response bytes as received
     * @param closed  whether the server closed the connection (EOF) before the deadline
     * @param millis  from the last byte sent to EOF (or to the deadline)
     */
    public record Exchange(byte[] bytes, boolean closed, long millis) {
        public String text() {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }

        /** The responses in the bytes, in order (a keep-alive connection may carry several). */
        public List<Response> responses() {
            List<Response> out = new ArrayList<>();
            String rest = text();
            while (rest.startsWith("HTTP/1.1 ")) {
                int end = rest.indexOf("\r\n\r\n");
                if (end < 0) {
                    break;
                }
                String head = rest.substring(0, end);
                int status = Integer.parseInt(head.substring(9, 12));
                Matcher length = CONTENT_LENGTH.matcher(head);
                String body;
                int next;
                if (length.find()) {
                    next = Math.min(rest.length(), end + 4 + Integer.parseInt(length.group(1)));
                    body = rest.substring(end + 4, next);
                } else {
                    body = rest.substring(end + 4); // chunked or to EOF: the rest, as is
                    next = rest.length();
                }
                out.add(new Response(status, head, body));
                rest = rest.substring(next);
            }
            return out;
        }

        public Response response() {
            List<Response> all = responses();
            if (all.isEmpty()) {
                throw new AssertionError("no HTTP response in: " + text());
            }
            return all.getFirst();
        }
    }

    /** One response: its status, head (status line and headers) and body. */
    public record Response(int status, String head, String body) {
        public String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).trim();
                }
            }
            return null;
        }

        /** An error body every 4xx/5xx must have: JSON with a non-empty "message". */
        public boolean isJsonMessage() {
            String type = header("Content-Type");
            return type != null && type.startsWith("application/json") && body.matches("(?s)\\{\"message\":\".+\"}");
        }
    }

    /** Sends {@code request} and reads until EOF or {@code wait}; {@code halfClose} ends the write side after sending. */
    public static Exchange exchange(int port, byte[] request, boolean halfClose, Duration wait) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            if (halfClose) {
                socket.shutdownOutput();
            }
            return readToEnd(socket, wait);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Exchange exchange(int port, String request, Duration wait) {
        return exchange(port, request.getBytes(StandardCharsets.ISO_8859_1), false, wait);
    }

    /** Reads until EOF (the server closed) or until {@code wait} has passed. */
    public static Exchange readToEnd(Socket socket, Duration wait) throws IOException {
        long start = System.nanoTime();
        long deadline = start + wait.toNanos();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        boolean closed = false;
        while (!closed) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                break;
            }
            socket.setSoTimeout((int) left);
            try {
                int n = in.read(buffer);
                if (n < 0) {
                    closed = true;
                } else {
                    out.write(buffer, 0, n);
                }
            } catch (SocketTimeoutException e) {
                break;
            } catch (IOException e) {
                closed = true; // reset by the server: closed as well
            }
        }
        return new Exchange(out.toByteArray(), closed, (System.nanoTime() - start) / 1_000_000);
    }
}
