package dev.docsassistant.edges;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.Bytes;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http1.Http1ConnectionSelector;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.spi.ServerConnectionSelector;

import java.util.Set;

/**
 * Takes the connections Helidon 4.4's own selectors refuse, which it would drop without a word (or,
 * for a request shorter than the 24-byte HTTP/2 preface, hold open forever): a request line ending
 * in {@code HTTP/1.0} or another version, a line that is not HTTP at all, or a first line longer
 * than a buffer. Handed to Helidon's HTTP/1.1 connection, they get its answer (505, 400 or 414, as
 * JSON via {@link JsonDirectHandler}) and the connection closes. HTTP/1.1 and HTTP/2 are left alone.
 */
final class Http1FallbackSelector implements ServerConnectionSelector {
    private static final String HTTP_1_1 = "HTTP/1.1\r";
    private static final String HTTP2_PREFACE = "PRI * HTTP/2.0\r";
    /** A request line this long without its end is no preface: let HTTP/1 answer 414. */
    private static final int LONG_LINE = 2048;
    private final Http1ConnectionSelector http1;

    Http1FallbackSelector(Http1Config config) {
        this.http1 = Http1ConnectionSelector.builder().config(config).build();
    }

    @Override
    public int bytesToIdentifyConnection() {
        return 0; // asked again as bytes arrive
    }

    @Override
    public Support supports(BufferData request) {
        int lf = request.indexOf(Bytes.LF_BYTE);
        if (lf == -1) {
            return request.available() > LONG_LINE ? Support.SUPPORTED : Support.UNKNOWN;
        }
        String line = request.readString(lf);
        return line.endsWith(HTTP_1_1) || line.equals(HTTP2_PREFACE) ? Support.UNSUPPORTED : Support.SUPPORTED;
    }

    @Override
    public Set<String> supportedApplicationProtocols() {
        return Set.of();
    }

    @Override
    public ServerConnection connection(ConnectionContext ctx) {
        return http1.connection(ctx);
    }
}
