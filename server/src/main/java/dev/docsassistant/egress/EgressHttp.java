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
 * request per connection; the response body is read whole, up to a limit.
 */
public final class EgressHttp {
    /** Redirects followed before the request is refused. */
    public static final int MAX_REDIRECTS = 5;
    private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);
    /** Headers the client writes itself: a caller's could split the request or mislead the server. */
    private static final Set<String> OWN_HEADERS = Set.of("host", "connection", "content-length", "transfer-encoding",
            "upgrade", "te", "trailer", "keep-alive", "proxy-connection");

    /** @param uri the URL that answered, after any redirects */
    public record Response(int status, Map<String, List<String>> headers, byte[] body, URI uri) {
        /** The first value of a header, null when absent. */
        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.getFirst();
        }
    }

    private final Egress egress;
    private final Duration timeout;
    private final int maxBody;

    /**
     * @param timeout to connect, and between reads
     * @param maxBody bytes of a response body read before the request fails
     */
    public EgressHttp(Egress egress, Duration timeout, int maxBody) {
        this.egress = egress;
        this.timeout = timeout;
        this.maxBody = maxBody;
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
            Checked checked = egress.check(use, target);
            Response response = exchange(checked, m, headers, b);
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
     * Sends one request for {@code use} and returns its answer as it is, a redirect included: for calls
     * that carry a credential (a client secret, a bearer token) no other address may receive.
     *
     * @throws EgressRefused when the URL is not allowed
     * @throws IOException   when the connection or the response fails, or the body is over the limit
     */
    public Response sendOnce(Use use, String method, URI uri, Map<String, String> headers, byte[] body) throws IOException {
        return exchange(egress.check(use, uri), method, headers, body);
    }

    private Response exchange(Checked checked, String method, Map<String, String> headers, byte[] body) throws IOException {
        if (!method.matches("[A-Z]{1,16}")) {
            throw new IllegalArgumentException("not an HTTP method: " + method);
        }
        try (Socket socket = connect(checked)) {
            OutputStream out = socket.getOutputStream();
            out.write(head(checked, method, headers, body).getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                out.write(body);
            }
            out.flush();
            return read(new BufferedInputStream(socket.getInputStream()), checked.uri(), method);
        }
    }

    private Socket connect(Checked checked) throws IOException {
        int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        Socket plain = new Socket();
        try {
            plain.connect(checked.socketAddress(), millis);
            plain.setSoTimeout(millis);
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
        String status = line(in);
        String[] parts = status.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.") || !parts[1].matches("[0-9]{3}")) {
            throw new IOException("not an HTTP/1.x response");
        }
        int code = Integer.parseInt(parts[1]);
        Map<String, List<String>> headers = new TreeMap<>();
        int count = 0;
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            if (colon <= 0 || ++count > 200) {
                throw new IOException("malformed response headers");
            }
            headers.computeIfAbsent(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).strip());
        }
        byte[] body;
        if (method.equals("HEAD") || code == 204 || code == 304 || code / 100 == 1) {
            body = new byte[0];
        } else if (headers.getOrDefault("transfer-encoding", List.of()).stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("chunked"))) {
            body = chunked(in);
        } else if (headers.containsKey("content-length")) {
            long length;
            try {
                length = Long.parseLong(headers.get("content-length").getFirst());
            } catch (NumberFormatException e) {
                throw new IOException("malformed Content-Length");
            }
            if (length < 0 || length > maxBody) {
                throw new IOException("the response body is larger than " + maxBody + " bytes");
            }
            body = in.readNBytes((int) length);
            if (body.length != length) {
                throw new IOException("the response ended before its Content-Length");
            }
        } else {
            body = bounded(in, maxBody);
        }
        return new Response(code, headers, body, uri);
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
            if (n < 0 || out.size() + (long) n > maxBody) {
                throw new IOException("the response body is larger than " + maxBody + " bytes");
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

    private static byte[] bounded(InputStream in, int max) throws IOException {
        byte[] body = in.readNBytes(max + 1);
        if (body.length > max) {
            throw new IOException("the response body is larger than " + max + " bytes");
        }
        return body;
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
