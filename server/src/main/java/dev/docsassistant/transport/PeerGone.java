package dev.docsassistant.transport;

import dev.docsassistant.metrics.AppMetrics;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A client that closed or reset its connection before its answer was read or written: nothing an
 * operator can act on, so it is one FINE line and a count ({@code docs_assistant_connections_lost_total}),
 * never a WARNING with a stack trace.
 */
public final class PeerGone {
    private static final Logger LOG = Logger.getLogger(PeerGone.class.getName());
    private static final String[] TEXTS = {"connection reset", "broken pipe", "connection abort", "socket closed"};

    private PeerGone() {
    }

    /** Whether {@code error}, or any cause of it, says the connection was reset or closed under a read or write. */
    public static boolean is(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ClosedChannelException) { // closed under the write, by interrupt included
                return true;
            }
            if (t instanceof IOException && t.getMessage() != null) {
                String text = t.getMessage().toLowerCase(Locale.ROOT);
                for (String gone : TEXTS) {
                    if (text.contains(gone)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Counts one lost connection and logs it at FINE, {@code where} saying what was cut short. */
    public static void record(String where, Throwable error) {
        AppMetrics.connectionLost();
        if (LOG.isLoggable(Level.FINE)) {
            LOG.fine("client left: " + where + (error == null ? "" : " (" + rootMessage(error) + ")"));
        }
    }

    private static String rootMessage(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }
}
