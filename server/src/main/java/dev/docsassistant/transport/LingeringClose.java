package dev.docsassistant.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/**
 * Ends a connection whose client may still be sending a body the answer refused: FIN first (the
 * client reads the whole answer, then EOF), then what the client still sends is read and dropped, up
 * to {@value #MAX_BYTES} bytes or {@link #MAX_TIME}, until the client closes its end. Closing a
 * socket with unread bytes sends a reset, and a client still writing would see a broken pipe and
 * lose the answer it was about to read.
 */
final class LingeringClose {
    static final int MAX_BYTES = 8 * 1024 * 1024;
    static final Duration MAX_TIME = Duration.ofSeconds(5);

    private LingeringClose() {
    }

    /** Shuts the output, drains the input within bounds, then shuts the input (Helidon's reader sees EOF and closes). */
    static void drainThenClose(SocketChannel channel) {
        try {
            channel.shutdownOutput();
            drain(channel);
        } catch (IOException ignored) {
            // Reset or closed already: nothing left to protect.
        } finally {
            try {
                channel.shutdownInput();
            } catch (IOException ignored) {
                // Closed already.
            }
        }
    }

    private static void drain(SocketChannel channel) throws IOException {
        long deadline = System.nanoTime() + MAX_TIME.toNanos();
        ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
        long read = 0;
        boolean blocking = channel.isBlocking();
        try (Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            while (read < MAX_BYTES) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return;
                }
                selector.select(left);
                selector.selectedKeys().clear();
                int n = channel.read(buffer.clear());
                if (n < 0) {
                    return; // the client closed its end: everything it sent is read
                }
                read += n;
            }
        } finally {
            // The selector is closed, which deregistered the channel: it may block again.
            if (channel.isOpen()) {
                channel.configureBlocking(blocking);
            }
        }
    }
}
