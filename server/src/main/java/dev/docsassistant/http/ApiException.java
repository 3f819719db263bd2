package dev.docsassistant.http;

/**
 * A request that cannot be served, with the HTTP status and the message for the client's
 * {@code {"message": ...}} body. The message names the offending field or cause.
 */
public class ApiException extends RuntimeException {
    private final int status;

    public ApiException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
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
