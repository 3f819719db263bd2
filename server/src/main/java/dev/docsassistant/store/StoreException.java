package dev.docsassistant.store;

/** A failure of the embedded store. */
public class StoreException extends RuntimeException {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
