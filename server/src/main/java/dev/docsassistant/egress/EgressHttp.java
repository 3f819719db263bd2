package dev.docsassistant.egress;

import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * HTTP/1.1 through the egress policy: each request connects to the address {@link Egress#check} resolved
 * (never looking the name up again), sends the name as Host and as the TLS server name (the certificate
 * is verified against it), and follows a redirect only after checking its target the same way. One
 * request per connection; the response body is read whole, up to a limit, past which the request fails
 * or, for a client made with {@code truncate}, the body is cut there and marked so. A client made with a
 * total time bounds each request as a whole (connecting, sending, every read), not only each read.
 */
public final class EgressHttp {
    /** Redirects followed before the request is refused. */
    public static final int MAX_REDIRECTS = 5;
    private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);
    /** Headers the client writes itself: a caller's could split the request or mislead the server. */
    private static final Set<String> OWN_HEADERS = Set.of("host", "connection", "content-length", "transfer-encoding",
            "upgrade", "te", "trailer", "keep-alive", "proxy-connection");

    /**
     * @param uri       the URL that answered, after any redirects
     * @param truncated whether the body was cut at the client's limit
     */
    public record Response(int status, Map<String, List<String>> headers, byte[] body, URI uri, boolean truncated) {
        /** The first value of a header, null when absent. */
        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.getFirst();
        }
    }

    /** The total time of a request ran out ({@link #connecting()}: before the connection was made). */
    public static final class Timeout extends SocketTimeoutException {
        private final boolean connecting;

        Timeout(String message, boolean connecting) {
            super(message);
            this.connecting = connecting;
        }

        public boolean connecting() {
            return connecting;
        }
    }

    private final Egress egress;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    /** The whole request's time, or null for none (only each read is bounded). */
    private final Duration total;
    private final int maxBody;
    private final boolean truncate;

    /**
     * @param timeout to connect, and between reads
     * @param maxBody bytes of a response body read before the request fails
     */
    public EgressHttp(Egress egress, Duration timeout, int maxBody) {
        this(egress, timeout, timeout, null, maxBody, false);
    }

    /**
     * @param connectTimeout to connect
     * @param total          for the whole request, from connecting to the last byte read
     * @param maxBody        bytes of a response body kept
     * @param truncate       whether a longer body is cut at {@code maxBody} (else the request fails)
     */
    public EgressHttp(Egress egress, Duration connectTimeout, Duration total, int maxBody, boolean truncate) {
        this(egress, connectTimeout, total, total, maxBody, truncate);
    }

    private EgressHttp(Egress egress, Duration connectTimeout, Duration readTimeout, Duration total, int maxBody, boolean truncate) {
        this.egress = egress;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.total = total;
        this.maxBody = maxBody;
        this.truncate = truncate;
    }

    /**
     * Sends a request for {@code use}, following redirects (a 303, or a 301/302 after a POST, becomes a
     * GET without body, as browsers do).
     *
     * @param headers extra request headers (names and values without line breaks)
     * @param body    the request body, or null
     * @throws EgressRefused when the URL or a redirect's target is not allowed, or there are too many redirects
     * @throws IOException   when the connection or the response fails, or the body is over the limit
     */
    public Response send(Use use, String method, URI uri, Map<String, String> headers, byte[] body) throws IOException {
        String m = method;
        byte[] b = body;
        URI target = uri;
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            Response response = sendOnce(use, m, target, headers, b);
            String location = response.header("location");
            if (!REDIRECTS.contains(response.status()) || location == null) {
                return response;
            }
            try {
                target = target.resolve(new URI(location.strip()));
            } catch (java.net.URISyntaxException e) {
                throw new EgressRefused(EgressRefused.Kind.MALFORMED, use);
            }
            if (response.status() == 303 || ((response.status() == 301 || response.status() == 302) && m.equals("POST"))) {
                m = "GET";
                b = null;
            }
        }
        throw new EgressRefused(EgressRefused.Kind.REDIRECTS, use);
    }

    /**
     * Sends one request for {@code use} and returns its response as it is, a redirect too (its target is
     * for the caller to check and follow, or not): for calls that carry a credential (a client secret, a
     * bearer token) no other address may receive, and for the playground, which follows redirects only
     * within a site's API servers.
     *
     * @throws EgressRefused when the URL is not allowed
     * @throws Timeout       when the total time ran out
     * @throws IOException   when the connection or the response fails
     */
    public Response sendOnce(Use use, String method, URI uri, Map<String, String> headers, byte[] body) throws IOException {
        return sendOnce(use, method, uri, headers, body, total == null ? Long.MAX_VALUE : System.nanoTime() + total.toNanos());
    }

    /**
     * {@link #sendOnce(Use, String, URI, Map, byte[])} within a deadline of the caller's ({@link System#nanoTime()}),
     * so that several requests (a redirect followed) share one total time.
     */
    public Response sendOnce(Use use, String method, URI uri, Map<String, String> headers, byte[] body, long deadline)
            throws IOException {
        Checked checked = egress.check(use, uri);
        if (deadline != Long.MAX_VALUE && deadline - System.nanoTime() <= 0) {
            throw new Timeout("no complete response in time", false);
        }
        return exchange(checked, method, headers, body, deadline);
    }

    private Response exchange(Checked checked, String method, Map<String, String> headers, byte[] body, long deadline)
            throws IOException {
        if (!method.matches("[A-Z]{1,16}")) {
            throw new IllegalArgumentException("not an HTTP method: " + method);
        }
        try (Socket socket = connect(checked, deadline)) {
            // Writes have no timeout of their own: an API that stops reading a large body is cut off at the deadline.
            java.util.concurrent.ScheduledFuture<?> cutOff = deadline == Long.MAX_VALUE ? null
                    : WATCHDOG.schedule(() -> closeQuietly(socket), deadline - System.nanoTime(), java.util.concurrent.TimeUnit.NANOSECONDS);
            try {
                OutputStream out = socket.getOutputStream();
                out.write(head(checked, method, headers, body).getBytes(StandardCharsets.ISO_8859_1));
                if (body != null) {
                    out.write(body);
                }
                out.flush();
                return read(new BufferedInputStream(new Deadlined(socket, deadline, millis(readTimeout))), checked.uri(), method);
            } catch (IOException e) {
                if (!(e instanceof Timeout) && deadline - System.nanoTime() <= 0) {
                    throw new Timeout("no complete response in time", false);
                }
                throw e;
            } finally {
                if (cutOff != null) {
                    cutOff.cancel(false);
                }
            }
        }
    }

    private static final java.util.concurrent.ScheduledExecutorService WATCHDOG =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "egress-deadlines");
                t.setDaemon(true);
                return t;
            });

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closing to stop a request past its deadline; nothing else to do
        }
    }

    private static int millis(Duration d) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, d.toMillis()));
    }

    private Socket connect(Checked checked, long deadline) throws IOException {
        int millis = millis(connectTimeout);
        if (deadline != Long.MAX_VALUE) {
            millis = (int) Math.max(1, Math.min(millis, (deadline - System.nanoTime()) / 1_000_000));
        }
        Socket plain = new Socket();
        try {
            try {
                plain.connect(checked.socketAddress(), millis);
            } catch (SocketTimeoutException e) {
                throw new Timeout("no connection within " + millis + " ms", true);
            }
            plain.setSoTimeout(millis(readTimeout));
            if (!checked.tls()) {
                return plain;
            }
            SSLSocket tls = (SSLSocket) SSLContext.getDefault().getSocketFactory()
                    .createSocket(plain, checked.host(), checked.port(), true);
            SSLParameters parameters = tls.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS"); // the certificate must name the host
            if (!checked.host().contains(":") && !checked.host().matches("[0-9.]+")) {
                parameters.setServerNames(List.of(new SNIHostName(checked.host())));
            }
            tls.setSSLParameters(parameters);
            tls.startHandshake();
            return tls;
        } catch (IOException | RuntimeException e) {
            plain.close();
            throw e;
        } catch (NoSuchAlgorithmException e) {
            plain.close();
            throw new IOException("no TLS context", e);
        }
    }

    private static String head(Checked checked, String method, Map<String, String> headers, byte[] body) {
        URI uri = checked.uri();
        String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        boolean defaultPort = checked.port() == (checked.tls() ? 443 : 80);
        String host = (checked.host().contains(":") ? "[" + checked.host() + "]" : checked.host())
                + (defaultPort ? "" : ":" + checked.port());
        StringBuilder head = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append("\r\nConnection: close\r\n");
        if (body != null) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        headers.forEach((name, value) -> {
            if (!name.matches("[A-Za-z0-9!#$%&'*+.^_`|~-]+") || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("not a header: " + name);
            }
            if (!OWN_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                head.append(name).append(": ").append(value).append("\r\n");
            }
        });
        return head.append("\r\n").toString();
    }

    private Response read(InputStream in, URI uri, String method) throws IOException {
        int code;
        Map<String, List<String>> headers;
        int interim = 0;
        do {
            // Interim answers (100 Continue, 103 Early Hints) come before the response itself; a few are skipped.
            if (interim++ > 10) {
                throw new IOException("too many interim (1xx) responses");
            }
            String status = line(in);
            String[] parts = status.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.") || !parts[1].matches("[0-9]{3}")) {
                throw new IOException("not an HTTP/1.x response");
            }
            code = Integer.parseInt(parts[1]);
            headers = new TreeMap<>();
            int count = 0;
            for (String line = line(in); !line.isEmpty(); line = line(in)) {
                int colon = line.indexOf(':');
                if (colon <= 0 || ++count > 200) {
                    throw new IOException("malformed response headers");
                }
                headers.computeIfAbsent(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(line.substring(colon + 1).strip());
            }
        } while (code / 100 == 1 && code != 101);
        byte[] body;
        boolean cut = false;
        if (method.equals("HEAD") || code == 204 || code == 304 || code / 100 == 1) {
            body = new byte[0];
        } else if (headers.getOrDefault("transfer-encoding", List.of()).stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("chunked"))) {
            body = chunked(in);
            cut = body.length > maxBody;
            if (cut) {
                body = java.util.Arrays.copyOf(body, maxBody);
            }
        } else if (headers.containsKey("content-length")) {
            long length;
            try {
                length = Long.parseLong(headers.get("content-length").getFirst());
            } catch (NumberFormatException e) {
                throw new IOException("malformed Content-Length");
            }
            if (length < 0 || (length > maxBody && !truncate)) {
                throw new IOException("the response body is larger than " + maxBody + " bytes");
            }
            body = in.readNBytes((int) Math.min(length, maxBody));
            if (body.length != Math.min(length, maxBody)) {
                throw new IOException("the response ended before its Content-Length");
            }
            cut = length > maxBody;
        } else {
            body = bounded(in, maxBody);
            cut = body.length > maxBody;
            if (cut) {
                body = java.util.Arrays.copyOf(body, maxBody);
            }
        }
        return new Response(code, headers, body, uri, cut);
    }

    private byte[] chunked(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            String size = line(in);
            int semicolon = size.indexOf(';');
            int n;
            try {
                n = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).strip(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("malformed chunk size");
            }
            if (n < 0 || (out.size() + (long) n > maxBody && !truncate)) {
                throw new IOException("the response body is larger than " + maxBody + " bytes");
            }
            if (out.size() + (long) n > maxBody) {
                out.write(in.readNBytes(maxBody + 1 - out.size())); // one byte over: the caller cuts and marks it
                return out.toByteArray();
            }
            if (n == 0) {
                for (String trailer = line(in); !trailer.isEmpty(); trailer = line(in)) {
                    // trailers are not used
                }
                return out.toByteArray();
            }
            byte[] chunk = in.readNBytes(n);
            if (chunk.length != n) {
                throw new IOException("the response ended inside a chunk");
            }
            out.write(chunk);
            line(in);
        }
    }

    private byte[] bounded(InputStream in, int max) throws IOException {
        byte[] body = in.readNBytes(max + 1);
        if (body.length > max && !truncate) {
            throw new IOException("the response body is larger than " + max + " bytes");
        }
        return body;
    }

    /** The socket's input, each read bounded by what is left of the request's total time. */
    private static final class Deadlined extends java.io.FilterInputStream {
        private final Socket socket;
        private final long deadline;
        private final int idleMillis;
        /** Whether the last read waits only as long as the total time has left. */
        private boolean lastByDeadline;

        Deadlined(Socket socket, long deadline, int idleMillis) throws IOException {
            super(socket.getInputStream());
            this.socket = socket;
            this.deadline = deadline;
            this.idleMillis = idleMillis;
        }

        private void bound() throws IOException {
            if (deadline == Long.MAX_VALUE) {
                return;
            }
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new Timeout("no complete response in time", false);
            }
            lastByDeadline = left <= idleMillis;
            socket.setSoTimeout((int) Math.min(idleMillis, left));
        }

        @Override
        public int read() throws IOException {
            bound();
            try {
                return super.read();
            } catch (SocketTimeoutException e) {
                throw timeout(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            bound();
            try {
                return super.read(b, off, len);
            } catch (SocketTimeoutException e) {
                throw timeout(e);
            }
        }

        private IOException timeout(SocketTimeoutException e) {
            return lastByDeadline ? new Timeout("no complete response in time", false) : e;
        }
    }

    /** One line without its CRLF, at most 8 KiB. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c == -1) {
                throw new IOException("the response ended early");
            }
            if (line.size() >= 8192) {
                throw new IOException("a response line is longer than 8 KiB");
            }
            line.write(c);
        }
        String s = line.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
