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
    private static final Pattern CHUNKED = Pattern.compile("(?i)\r\ntransfer-encoding:\\s*chunked");
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

        /** The responses in the bytes, in order (a keep-alive connection may carry several); chunked bodies decoded. */
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
                } else if (CHUNKED.matcher(head).find()) {
                    StringBuilder decoded = new StringBuilder();
                    next = dechunk(rest, end + 4, decoded);
                    body = decoded.toString();
                } else {
                    body = rest.substring(end + 4); // to EOF: the rest, as is
                    next = rest.length();
                }
                out.add(new Response(status, head, body));
                rest = rest.substring(next);
            }
            return out;
        }

        /** Decodes a chunked body from {@code from} into {@code body}; returns where the next response starts (or the end). */
        private static int dechunk(String text, int from, StringBuilder body) {
            int at = from;
            while (true) {
                int eol = text.indexOf("\r\n", at);
                if (eol < 0) {
                    body.append(text.substring(at));
                    return text.length();
                }
                int size = Integer.parseInt(text.substring(at, eol).split(";")[0].trim(), 16);
                at = eol + 2;
                if (size == 0) {
                    int end = text.indexOf("\r\n\r\n", at - 2);
                    return end < 0 ? text.length() : end + 4;
                }
                int stop = Math.min(text.length(), at + size);
                body.append(text, at, stop);
                at = Math.min(text.length(), stop + 2);
            }
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

    /** Sends a JSON POST and leaves the response to read, for a reader that hangs up mid-stream; the caller closes it. */
    public static Socket post(int port, String path, String authorization, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(30_000);
        java.io.OutputStream out = socket.getOutputStream();
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
            if (n <= 0) {
                throw new AssertionError("stream ended early: " + seen);
            }
            seen.append(new String(buf, 0, n, StandardCharsets.UTF_8));
        }
        return seen.toString();
    }

    /**
     * Reads one response: up to the end of its Content-Length body, or to EOF when it has none; a
     * keep-alive connection stays open after it. Fails when nothing complete came within {@code wait}.
     */
    public static Response readResponse(Socket socket, Duration wait) throws IOException {
        socket.setSoTimeout((int) wait.toMillis());
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        while (true) {
            String text = bytes.toString(StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (end >= 0) {
                Matcher length = CONTENT_LENGTH.matcher(text.substring(0, end + 2));
                if (length.find() && text.length() >= end + 4 + Integer.parseInt(length.group(1))) {
                    break;
                }
            }
            int b;
            try {
                b = in.read();
            } catch (SocketTimeoutException e) {
                throw new AssertionError("no complete response within " + wait + ": " + text);
            }
            if (b < 0) {
                break;
            }
            bytes.write(b);
        }
        return new Exchange(bytes.toByteArray(), true, 0).response();
    }
}
