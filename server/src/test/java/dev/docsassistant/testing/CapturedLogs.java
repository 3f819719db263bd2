package dev.docsassistant.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The messages (with any exception) logged to one logger and its children while it is open. */
public final class CapturedLogs extends Handler implements AutoCloseable {
    private final Logger logger;
    private final List<String> messages = new ArrayList<>();
    private final List<LogRecord> records = new ArrayList<>();

    private CapturedLogs(Logger logger) {
        this.logger = logger;
        logger.addHandler(this);
    }

    /** Everything logged anywhere. */
    public static CapturedLogs all() {
        return new CapturedLogs(Logger.getLogger(""));
    }

    /** What {@code type}'s logger records. */
    public static CapturedLogs of(Class<?> type) {
        return new CapturedLogs(Logger.getLogger(type.getName()));
    }

    public synchronized List<String> messages() {
        return List.copyOf(messages);
    }

    /** The records themselves, for checks on their level and exception. */
    public synchronized List<LogRecord> records() {
        return List.copyOf(records);
    }

    /** All messages as one text, for "never contains" checks. */
    public String text() {
        return String.join("\n", messages());
    }

    @Override
    public synchronized void publish(LogRecord r) {
        messages.add(r.getMessage() + (r.getThrown() == null ? "" : " " + r.getThrown()));
        records.add(r);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
