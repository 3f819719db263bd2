package dev.docsassistant.transport;

import io.helidon.common.buffers.DataReader;
import io.helidon.common.buffers.DataWriter;
import io.helidon.common.socket.HelidonSocket;
import io.helidon.common.socket.PeerInfo;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ListenerContext;
import io.helidon.webserver.ProxyProtocolData;
import io.helidon.webserver.Router;

import java.util.Optional;
import java.util.concurrent.ExecutorService;

/** A connection's context as Helidon made it, except that its bytes are read through a {@link ChunkedBodyReader}. */
final class ChunkedReadingContext implements ConnectionContext {
    private final ConnectionContext ctx;
    private final DataReader reader;

    ChunkedReadingContext(ConnectionContext ctx) {
        this.ctx = ctx;
        this.reader = new ChunkedBodyReader(ctx.dataReader());
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
        return ctx.dataWriter();
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
