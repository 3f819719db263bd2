package dev.docsassistant.transport;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Filter;
import java.util.logging.Logger;

/**
 * Keeps unreadable requests from flooding the log. Helidon's gRPC handler logs every frame of a
 * request message it cannot read (larger than its 2 MiB read buffer, or undecodable) at SEVERE with a
 * hex dump of the frame: megabytes of log per request. Those records become one line a second at most.
 */
public final class HelidonGrpcLog {
    private static final Logger LOG = Logger.getLogger(HelidonGrpcLog.class.getName());
    /** Held so the filter set on it is not lost with a collected logger. */
    private static final Logger HANDLER = Logger.getLogger("io.helidon.webserver.grpc.GrpcProtocolHandler");
    private static final AtomicReference<Instant> LAST = new AtomicReference<>(Instant.EPOCH);

    private HelidonGrpcLog() {
    }

    public static synchronized void install() {
        Filter previous = HANDLER.getFilter();
        if (previous instanceof Unreadable) {
            return;
        }
        HANDLER.setFilter(new Unreadable(previous));
    }

    private record Unreadable(Filter previous) implements Filter {
        @Override
        public boolean isLoggable(java.util.logging.LogRecord record) {
            if (record.getMessage() == null || !record.getMessage().startsWith("Failed to process grpc request")) {
                return previous == null || previous.isLoggable(record);
            }
            Instant now = Instant.now();
            Instant last = LAST.get();
            if (Duration.between(last, now).toSeconds() >= 1 && LAST.compareAndSet(last, now)) {
                LOG.warning("unreadable gRPC request: " + (record.getThrown() == null ? "?" : record.getThrown().getMessage()));
            }
            return false;
        }
    }
}
