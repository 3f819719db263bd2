package dev.docsassistant.readers;

/**
 * A sign-in refused: its HTTP status and a message for the reader (shown on the sign-in page, or
 * as {@code {"message"}}). Never a secret, a token or a stack in the message.
 */
public final class ReaderAuthException extends RuntimeException {
    private final int status;
    private final String textKey;

    public ReaderAuthException(int status, String message) {
        this(status, message, null);
    }

    private ReaderAuthException(int status, String message, String textKey) {
        super(message, null, false, false);
        this.status = status;
        this.textKey = textKey;
    }

    public int status() {
        return status;
    }

    /** The interface text that says this to a reader in the page's language ({@link SignInRefusal}), or null. */
    public String textKey() {
        return textKey;
    }

    /** This refusal, said to a reader by the interface text {@code key}. */
    public ReaderAuthException saying(String key) {
        return new ReaderAuthException(status, getMessage(), key);
    }

    public static ReaderAuthException badRequest(String message) {
        return new ReaderAuthException(400, message);
    }

    /** Credentials or a token that do not sign anyone in. */
    public static ReaderAuthException unauthorized(String message) {
        return new ReaderAuthException(401, message);
    }
}
