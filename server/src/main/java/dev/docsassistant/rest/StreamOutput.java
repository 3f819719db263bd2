package dev.docsassistant.rest;

import dev.docsassistant.assistant.AnswerAbandoned;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A response body written one event at a time, each flushed at once so the client sees it
 * immediately, except between {@link #hold()} and {@link #release()}: events ready together leave
 * in one write. The body is opened at the first event, so until then the route can still answer
 * with an error status. Writes are serialised (keep-alive comments come from another thread); once
 * the client has gone, a write throws {@link AnswerAbandoned} so the answer stops, unless the body
 * {@linkplain #StreamOutput(Supplier, BooleanSupplier, Duration) outlives its reader}: then writes
 * are dropped for that long (the answer goes on being recorded for a reader to resume) before they throw.
 * The stream's last event is written with {@link #end(String)}: a keep-alive comment whose tick fired
 * just as the answer finished (before its ticker was cancelled) is then dropped, never sent after it.
 */
final class StreamOutput {
    private final Supplier<OutputStream> opener;
    private final BooleanSupplier peerClosed;
    private final long outliveNanos;
    private final BooleanSupplier superseded;
    private final LongSupplier nanoTime;
    private OutputStream out;
    private boolean gone;
    /** When the reader was found gone (by {@code nanoTime}); meaningful once {@code gone}. */
    private long goneAt;
    private boolean closed;
    /** The last event has been written: no keep-alive may follow it. */
    private boolean ended;
    /** Holds not yet released: writes are buffered while above zero. */
    private int holds;

    /** @param peerClosed whether the client has closed its connection (asked while nothing is written) */
    StreamOutput(Supplier<OutputStream> opener, BooleanSupplier peerClosed) {
        this(opener, peerClosed, Duration.ZERO);
    }

    StreamOutput(Supplier<OutputStream> opener, BooleanSupplier peerClosed, Duration outlive) {
        this(opener, peerClosed, outlive, () -> false);
    }

    /**
     * @param outlive    how long the answer goes on after its reader left (its writes dropped), before writes throw
     * @param superseded whether the answer no longer needs to outlive its reader (a newer one took its place)
     */
    StreamOutput(Supplier<OutputStream> opener, BooleanSupplier peerClosed, Duration outlive, BooleanSupplier superseded) {
        this(opener, peerClosed, outlive, superseded, System::nanoTime);
    }

    /** @param nanoTime the clock the outliving time is measured by ({@link System#nanoTime()}; tests pass their own) */
    StreamOutput(Supplier<OutputStream> opener, BooleanSupplier peerClosed, Duration outlive, BooleanSupplier superseded,
                 LongSupplier nanoTime) {
        this.opener = opener;
        this.peerClosed = peerClosed;
        this.outliveNanos = outlive.toNanos();
        this.superseded = superseded;
        this.nanoTime = nanoTime;
    }

    synchronized void write(String text) {
        if (gone) {
            if (outliving()) {
                return;
            }
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
            left();
            if (!outliving()) {
                throw new AnswerAbandoned("the client disconnected");
            }
        }
    }

    private void left() {
        if (!gone) {
            gone = true;
            goneAt = nanoTime.getAsLong();
        }
    }

    /** The reader has gone, but the answer may still go on for a reader to resume it. */
    private boolean outliving() {
        return !closed && outliveNanos > 0 && nanoTime.getAsLong() - goneAt < outliveNanos && !superseded.getAsBoolean();
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
                left();
                if (!outliving()) {
                    throw new AnswerAbandoned("the client disconnected");
                }
            }
        }
    }

    /**
     * Writes the stream's last event. Under the same lock as {@link #keepAlive()}, so a keep-alive
     * goes either before it or nowhere, whichever thread its tick runs on.
     */
    synchronized void end(String text) {
        try {
            write(text);
        } finally {
            ended = true;
        }
    }

    /**
     * An SSE comment, unless the stream has ended or the client has gone, without complaint: it comes
     * from the keep-alive ticker's thread, and the answer's next write reports a client gone.
     */
    synchronized void keepAlive() {
        if (!gone && !ended) {
            try {
                write(": keep-alive\n\n");
            } catch (AnswerAbandoned ignored) {
                // The answer's next write reports it.
            }
        }
    }

    synchronized boolean opened() {
        return out != null;
    }

    /**
     * The client has gone (a write failed, or its connection is closed) and the answer is not to
     * outlive it any longer, or the body is closed.
     */
    synchronized boolean gone() {
        if (!gone && peerClosed.getAsBoolean()) {
            left();
        }
        return gone && !outliving();
    }

    synchronized void close() {
        if (out != null && !gone) {
            left();
            try {
                out.close();
            } catch (IOException | UncheckedIOException ignored) {
                // Already gone.
            }
        }
        left();
        closed = true;
    }
}
