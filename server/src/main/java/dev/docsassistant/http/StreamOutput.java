package dev.docsassistant.http;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A response body written one event at a time, each flushed at once so the client sees it
 * immediately. Writes are serialised (keep-alive comments come from another thread); once the
 * client has gone, further writes are dropped.
 */
final class StreamOutput {
    private final OutputStream out;
    private boolean closed;

    StreamOutput(OutputStream out) {
        this.out = out;
    }

    synchronized void write(String text) {
        if (closed) {
            return;
        }
        try {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException | UncheckedIOException e) {
            closed = true; // the client disconnected; the answer finishes unseen
        }
    }

    synchronized void close() {
        if (!closed) {
            closed = true;
            try {
                out.close();
            } catch (IOException | UncheckedIOException ignored) {
                // Already gone.
            }
        }
    }
}
