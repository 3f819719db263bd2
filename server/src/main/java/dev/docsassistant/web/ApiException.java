package dev.docsassistant.web;

/**
 * A request that cannot be served, with the HTTP status and the message for the client's
 * {@code {"message": ...}} body. The message names the offending field or cause.
 */
public class ApiException extends RuntimeException {
    private final int status;
    private final boolean closeConnection;

    public ApiException(int status, String message) {
        this(status, message, false);
    }

    private ApiException(int status, String message, boolean closeConnection) {
        super(message, null, false, false);
        this.status = status;
        this.closeConnection = closeConnection;
    }

    public int status() {
        return status;
    }

    /** The request's framing is broken, so nothing after it on the connection can be trusted. */
    public boolean closeConnection() {
        return closeConnection;
    }

    /** 400 for a body whose framing (length, chunks) is broken; the connection is closed after the answer. */
    public static ApiException brokenBody(String message) {
        return new ApiException(400, message, true);
    }

    /** A body refused before it was read to its end (an upload over a limit): the connection is closed after the answer. */
    public static ApiException refusedBody(int status, String message) {
        return new ApiException(status, message, true);
    }

    public static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    public static ApiException notFound(String message) {
        return new ApiException(404, message);
    }

    public static ApiException tooLarge(String message) {
        return new ApiException(413, message);
    }
}
