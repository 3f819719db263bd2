package dev.docsassistant.transport;

import io.helidon.common.buffers.DataReader;
import io.helidon.common.buffers.DataWriter;
import io.helidon.common.socket.HelidonSocket;
import io.helidon.common.socket.PeerInfo;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ListenerContext;
import io.helidon.webserver.ProxyProtocolData;
import io.helidon.webserver.Router;

import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * An HTTP/1 connection's context as Helidon made it, except that its bytes are read through
 * {@link Http10Source} and a {@link ChunkedBodyReader}, and its answers written through an
 * {@link Http10Writer}: HTTP/1.0 requests are served, and chunk extensions and trailers are read.
 */
final class Http1Context implements ConnectionContext {
    private final ConnectionContext ctx;
    private final DataReader reader;
    private final DataWriter writer;

    /** @param close ends the connection after the answer now being written (see {@link ConnectionGuard}) */
    Http1Context(ConnectionContext ctx, Runnable close) {
        this.ctx = ctx;
        Http10Exchanges exchanges = new Http10Exchanges();
        this.reader = new ChunkedBodyReader(new Http10Source(ctx.dataReader(), authority(ctx), exchanges));
        this.writer = new Http10Writer(ctx.dataWriter(), exchanges, close);
    }

    /** The address the client connected to, as a {@code Host} value. */
    private static String authority(ConnectionContext ctx) {
        if (ctx.localPeer().address() instanceof InetSocketAddress local && local.getAddress() != null) {
            String host = local.getAddress().getHostAddress();
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + local.getPort();
        }
        return "localhost";
    }

    @Override
    public DataReader dataReader() {
        return reader;
    }

    @Override
    public ListenerContext listenerContext() {
        return ctx.listenerContext();
    }

    @Override
    public ExecutorService executor() {
        return ctx.executor();
    }

    @Override
    public DataWriter dataWriter() {
        return writer;
    }

    @Override
    public Router router() {
        return ctx.router();
    }

    @Override
    public Optional<ProxyProtocolData> proxyProtocolData() {
        return ctx.proxyProtocolData();
    }

    @Override
    public HelidonSocket serverSocket() {
        return ctx.serverSocket();
    }

    @Override
    public PeerInfo remotePeer() {
        return ctx.remotePeer();
    }

    @Override
    public PeerInfo localPeer() {
        return ctx.localPeer();
    }

    @Override
    public boolean isSecure() {
        return ctx.isSecure();
    }

    @Override
    public String socketId() {
        return ctx.socketId();
    }

    @Override
    public String childSocketId() {
        return ctx.childSocketId();
    }
}
