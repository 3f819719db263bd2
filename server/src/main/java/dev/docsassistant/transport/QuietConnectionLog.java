package dev.docsassistant.transport;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Helidon 4.4 logs a client that left mid-answer as a WARNING with its stack trace: when an answer (or
 * the error answer after it) could not be written ({@code ErrorHandlers}) and when the connection's
 * read or write failed ({@code ConnectionHandler}, "unexpected I/O exception"). Those records become
 * {@link PeerGone} lines (FINE, counted); the WARNINGs left on these loggers are rate-limited.
 */
public final class QuietConnectionLog {
    /** Held so the filters set on them are not lost with collected loggers. */
    private static final List<Logger> LOGGERS = List.of(
            Logger.getLogger("io.helidon.webserver.http.ErrorHandlers"),
            Logger.getLogger("io.helidon.webserver.ConnectionHandler"));
    /** What ErrorHandlers says when the error answer cannot be sent because the answer had begun (and failed). */
    static final String ANSWER_BEGUN = "cannot send error response, as response already sent";
    private static final Duration PERIOD = Duration.ofMinutes(1);

    private QuietConnectionLog() {
    }

    public static synchronized void install() {
        for (Logger logger : LOGGERS) {
            if (!(logger.getFilter() instanceof PeerGoneFilter)) {
                logger.setFilter(new PeerGoneFilter(new RateLimitedLog(PERIOD, Clock.systemUTC(), logger.getFilter())));
            }
        }
    }

    private record PeerGoneFilter(Filter next) implements Filter {
        @Override
        public boolean isLoggable(LogRecord record) {
            String message = record.getMessage() == null ? "" : record.getMessage();
            if (PeerGone.is(record.getThrown()) || message.contains(ANSWER_BEGUN)) {
                PeerGone.record("the answer could not be written", record.getThrown());
                return false;
            }
            return next.isLoggable(record);
        }
    }
}
