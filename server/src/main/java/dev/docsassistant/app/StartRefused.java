package dev.docsassistant.app;

/**
 * A server that must not start: its port is taken, or another process serves from its data
 * directory. The command prints the message and exits 1, before anything in the data directory changed.
 */
public final class StartRefused extends RuntimeException {
    public StartRefused(String message) {
        super(message);
    }
}
