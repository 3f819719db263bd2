package dev.docsassistant.rest;

import dev.docsassistant.assistant.AnswerAbandoned;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A response body written one event at a time, each flushed at once so the client sees it
 * immediately, except between {@link #hold()} and {@link #release()}: events ready together leave
 * in one write. The body is opened at the first event, so until then the route can still answer
 * with an error status. Writes are serialised (keep-alive comments come from another thread); once
 * the client has gone, a write throws {@link AnswerAbandoned} so the answer stops.
 */
final class StreamOutput {
    private final Supplier<OutputStream> opener;
    private final BooleanSupplier peerClosed;
    private OutputStream out;
    private boolean gone;
    /** Holds not yet released: writes are buffered while above zero. */
    private int holds;

    /** @param peerClosed whether the client has closed its connection (asked while nothing is written) */
    StreamOutput(Supplier<OutputStream> opener, BooleanSupplier peerClosed) {
        this.opener = opener;
        this.peerClosed = peerClosed;
    }

    synchronized void write(String text) {
        if (gone) {
            throw new AnswerAbandoned("the client disconnected");
        }
        try {
            if (out == null) {
                out = opener.get();
            }
            out.write(text.getBytes(StandardCharsets.UTF_8));
            if (holds == 0) {
                out.flush();
            }
        } catch (IOException | UncheckedIOException e) {
            gone = true;
            throw new AnswerAbandoned("the client disconnected");
        }
    }

    synchronized void hold() {
        holds++;
    }

    /** Ends a {@link #hold()}; the last one sends what was written meanwhile. */
    synchronized void release() {
        if (holds > 0 && --holds == 0 && out != null && !gone) {
            try {
                out.flush();
            } catch (IOException | UncheckedIOException e) {
                gone = true;
                throw new AnswerAbandoned("the client disconnected");
            }
        }
    }

    /** Writes unless the client has gone, without complaint (keep-alives from their own thread). */
    synchronized void writeQuietly(String text) {
        if (!gone) {
            try {
                write(text);
            } catch (AnswerAbandoned ignored) {
                // The answer's next write reports it.
            }
        }
    }

    synchronized boolean opened() {
        return out != null;
    }

    /** The client has gone (a write failed, or its connection is closed), or the body is closed. */
    synchronized boolean gone() {
        if (!gone && peerClosed.getAsBoolean()) {
            gone = true;
        }
        return gone;
    }

    synchronized void close() {
        if (out != null && !gone) {
            gone = true;
            try {
                out.close();
            } catch (IOException | UncheckedIOException ignored) {
                // Already gone.
            }
        }
        gone = true;
    }
}
