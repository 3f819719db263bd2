package dev.docsassistant.readers;

/**
 * A sign-in refused: its HTTP status and a message for the reader (shown on the sign-in page, or
 * as {@code {"message"}}). Never a secret, a token or a stack in the message.
 */
public final class ReaderAuthException extends RuntimeException {
    private final int status;

    public ReaderAuthException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }

    public static ReaderAuthException badRequest(String message) {
        return new ReaderAuthException(400, message);
    }

    /** Credentials or a token that do not sign anyone in. */
    public static ReaderAuthException unauthorized(String message) {
        return new ReaderAuthException(401, message);
    }
}
