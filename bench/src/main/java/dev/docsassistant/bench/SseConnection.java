package dev.docsassistant.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One kept-alive HTTP/1.1 connection that posts to an SSE endpoint and times the reply, reading the
 * raw bytes: the clock stops when the bytes of the first event arrive, with no client library's
 * buffering or thread hand-offs in between (those cost more than the server's own work here).
 */
final class SseConnection implements AutoCloseable {
    private static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LAST_CHUNK = "\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEAD_END = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FIRST_EVENT = "data: ".getBytes(StandardCharsets.US_ASCII);

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final String host;
    private final byte[] buffer = new byte[64 * 1024];
    private byte[] lastResponse = new byte[0];

    SseConnection(String host, int port) throws IOException {
        this.socket = new Socket(host, port);
        socket.setTcpNoDelay(true);
        this.out = socket.getOutputStream();
        this.in = socket.getInputStream();
        this.host = host + ":" + port;
    }

    /** Posts {@code body} and reads the whole chunked stream. */
    AssistantLatency.Timing post(String path, String authorization, String body) throws IOException {
        byte[] request = request(path, authorization, body);
        long start = System.nanoTime();
        out.write(request);
        out.flush();
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        long first = -1;
        while (true) {
            int n = in.read(buffer);
            if (n < 0) {
                throw new IOException("connection closed mid-answer: " + seen.toString(StandardCharsets.UTF_8));
            }
            seen.write(buffer, 0, n);
            byte[] all = seen.toByteArray();
            if (first < 0 && indexOf(all, FIRST_EVENT, 0) >= 0) {
                first = System.nanoTime() - start;
            }
            if (first < 0 && all.length > 12 && !new String(all, 0, 12, StandardCharsets.US_ASCII).equals("HTTP/1.1 200")) {
                throw new IOException("not 200: " + seen.toString(StandardCharsets.UTF_8));
            }
            int done = indexOf(all, DONE, 0);
            if (done >= 0 && indexOf(all, LAST_CHUNK, done) >= 0) {
                lastResponse = all;
                return new AssistantLatency.Timing(first, System.nanoTime() - start);
            }
        }
    }

    /**
     * Posts {@code body} and reads one whole response framed by {@code Content-Length} (as a JSON
     * answer is); returns its body, and throws unless the status is 200.
     */
    String postForBody(String path, String authorization, String body) throws IOException {
        out.write(request(path, authorization, body));
        out.flush();
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        int bodyStart = -1;
        int length = -1;
        while (bodyStart < 0 || seen.size() < bodyStart + length) {
            int n = in.read(buffer);
            if (n < 0) {
                throw new IOException("connection closed mid-response: " + seen.toString(StandardCharsets.UTF_8));
            }
            seen.write(buffer, 0, n);
            if (bodyStart < 0) {
                byte[] all = seen.toByteArray();
                int end = indexOf(all, HEAD_END, 0);
                if (end >= 0) {
                    String head = new String(all, 0, end, StandardCharsets.US_ASCII);
                    if (!head.startsWith("HTTP/1.1 200")) {
                        throw new IOException("not 200: " + seen.toString(StandardCharsets.UTF_8));
                    }
                    length = contentLength(head);
                    bodyStart = end + HEAD_END.length;
                }
            }
        }
        byte[] all = seen.toByteArray();
        return new String(all, bodyStart, length, StandardCharsets.UTF_8);
    }

    private static int contentLength(String head) throws IOException {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("content-length")) {
                return Integer.parseInt(line.substring(colon + 1).trim());
            }
        }
        throw new IOException("no content-length in: " + head);
    }

    private byte[] request(String path, String authorization, String body) {
        byte[] payload = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                + "Authorization: " + authorization + "\r\nContent-Length: " + payload.length + "\r\n\r\n";
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
        request.writeBytes(payload);
        return request.toByteArray();
    }

    /** The raw bytes (status line, headers, chunked body) of the last response {@link #post} read whole. */
    byte[] lastResponse() {
        return lastResponse;
    }

    private static int indexOf(byte[] data, byte[] part, int from) {
        outer:
        for (int i = from; i <= data.length - part.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (data[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
