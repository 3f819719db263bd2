package dev.docsassistant.transport;

import io.helidon.common.socket.SocketOptions;

import java.net.Socket;
import java.net.SocketOption;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The listener's socket options, unchanged, plus one hook: Helidon configures every accepted socket
 * through {@link #configureSocket(SocketChannel)} before it reads a byte, which is where the
 * {@link ConnectionGuard} learns of it (Helidon offers no other per-connection hook).
 */
public final class GuardedSocketOptions implements SocketOptions {
    private final SocketOptions options;
    private final ConnectionGuard guard;

    public GuardedSocketOptions(SocketOptions options, ConnectionGuard guard) {
        this.options = options;
        this.guard = guard;
    }

    /** The options of the server's listeners: TCP_NODELAY, else small stream events wait for delayed ACKs (~40 ms stalls). */
    public static GuardedSocketOptions noDelay(ConnectionGuard guard) {
        return new GuardedSocketOptions(SocketOptions.builder().tcpNoDelay(true).build(), guard);
    }

    @Override
    public void configureSocket(SocketChannel socket) {
        options.configureSocket(socket);
        guard.accepted(socket);
    }

    @Override
    public void configureSocket(Socket socket) {
        options.configureSocket(socket);
    }

    @Override
    public Map<SocketOption<?>, Object> socketOptions() {
        return options.socketOptions();
    }

    @Override
    public Duration connectTimeout() {
        return options.connectTimeout();
    }

    @Override
    public Duration readTimeout() {
        return options.readTimeout();
    }

    @Override
    public Optional<Integer> socketReceiveBufferSize() {
        return options.socketReceiveBufferSize();
    }

    @Override
    public Optional<Integer> socketSendBufferSize() {
        return options.socketSendBufferSize();
    }

    @Override
    public boolean socketReuseAddress() {
        return options.socketReuseAddress();
    }

    @Override
    public boolean socketKeepAlive() {
        return options.socketKeepAlive();
    }

    @Override
    public boolean tcpNoDelay() {
        return options.tcpNoDelay();
    }
}
