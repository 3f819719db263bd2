package dev.docsassistant.transport;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.Bytes;
import io.helidon.common.concurrency.limits.Limit;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ProtocolConfigs;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http1.Http1ConnectionProvider;
import io.helidon.webserver.http2.Http2Config;
import io.helidon.webserver.spi.ProtocolConfig;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.spi.ServerConnectionSelector;

import java.net.SocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Semaphore;

/**
 * Takes every HTTP/1 connection ahead of Helidon 4.4's own selector (only the HTTP/2 preface is left
 * to Helidon) and hands it to Helidon's HTTP/1.1 connection through an {@link Http1Context}: chunk
 * extensions and trailers are read as RFC 9112 has them, and HTTP/1.0 requests are answered as
 * HTTP/1.0 allows. Helidon's selector would also drop without a word (or, for a request shorter than
 * the 24-byte HTTP/2 preface, hold open forever) a request line ending in {@code HTTP/1.0} or another
 * version, a line that is not HTTP at all, or a first line longer than a buffer; here a line that is
 * not HTTP/1.x gets Helidon's answer (400 or 414, as JSON via {@link JsonDirectHandler}) and the
 * connection closes.
 */
public final class Http1Selector implements ServerConnectionSelector {
    private static final String HTTP2_PREFACE = "PRI * HTTP/2.0\r";
    /** A request line this long without its end is no preface: let HTTP/1 answer 414. */
    private static final int LONG_LINE = 2048;
    private final ServerConnectionSelector http1;
    private final ConnectionGuard guard;

    /**
     * @param protocols the listener's protocol settings (HTTP/1.1, and HTTP/2 for {@code Upgrade: h2c}); defaults when none
     * @param guard     told when each connection ends, so that it stops counting it at once
     */
    public Http1Selector(List<ProtocolConfig> protocols, ConnectionGuard guard) {
        this.guard = guard;
        List<ProtocolConfig> all = new ArrayList<>(protocols);
        Http1Config http1Config = all.stream().filter(Http1Config.class::isInstance).map(Http1Config.class::cast)
                .findFirst().orElseGet(Http1Config::create);
        if (all.stream().noneMatch(Http2Config.class::isInstance)) {
            all.add(Http2Config.create());
        }
        // Built as Helidon builds its own, upgrade to HTTP/2 (h2c) included.
        this.http1 = new Http1ConnectionProvider().create("@default", http1Config, ProtocolConfigs.create(all));
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
        return request.readString(lf).equals(HTTP2_PREFACE) ? Support.UNSUPPORTED : Support.SUPPORTED;
    }

    @Override
    public Set<String> supportedApplicationProtocols() {
        return Set.of();
    }

    @Override
    public ServerConnection connection(ConnectionContext ctx) {
        SocketAddress remote = ctx.remotePeer().address();
        return new EndReported(http1.connection(new Http1Context(ctx, () -> guard.endAfterAnswer(remote))), () -> guard.ended(remote));
    }

    /**
     * A connection that reports its end, however it ends (Helidon closes the socket right after
     * {@code handle}); a client that reset it is counted here, not logged by Helidon as a WARNING.
     */
    private record EndReported(ServerConnection connection, Runnable onEnd) implements ServerConnection {
        @Override
        public void handle(Limit limit) throws InterruptedException {
            reporting(() -> connection.handle(limit));
        }

        @SuppressWarnings("removal")
        @Override
        public void handle(Semaphore requestSemaphore) throws InterruptedException {
            reporting(() -> connection.handle(requestSemaphore));
        }

        private void reporting(Handling handling) throws InterruptedException {
            try {
                handling.run();
            } catch (CloseConnectionException e) {
                throw e; // an end Helidon expects (and logs at TRACE)
            } catch (RuntimeException e) {
                if (!PeerGone.is(e)) {
                    throw e;
                }
                PeerGone.record("the request could not be read or answered", e);
            } finally {
                onEnd.run();
            }
        }

        private interface Handling {
            void run() throws InterruptedException;
        }

        @Override
        public Duration idleTime() {
            return connection.idleTime();
        }

        @Override
        public void close(boolean interrupt) {
            connection.close(interrupt);
        }
    }
}
