package dev.docsassistant.transport;

import dev.docsassistant.web.Json;
import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderValues;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import io.helidon.webserver.http.DirectHandlers;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Answers the errors Helidon raises itself, before any route runs (malformed request line or
 * headers, a URI too long, a bad chunk), with the same {@code {"message"}} body as every
 * route instead of an empty or {@code text/plain} one.
 */
public final class JsonDirectHandler implements DirectHandler {
    /** What Helidon says when the detail may echo the request; the detail stays in its debug log. */
    private static final String HIDDEN = "Bad request, see server log";

    public static DirectHandlers all() {
        JsonDirectHandler handler = new JsonDirectHandler();
        DirectHandlers.Builder builder = DirectHandlers.builder();
        for (EventType type : EventType.values()) {
            builder.addHandler(type, handler);
        }
        return builder.build();
    }

    @Override
    public TransportResponse handle(TransportRequest request, EventType type, Status status,
                                    ServerResponseHeaders headers, String message) {
        if (type == EventType.INTERNAL_ERROR) {
            // Failures inside routes are answered by the routes' own error handlers (RestEdge); what
            // reaches here failed while Helidon read or drained the client's bytes (a body that breaks
            // its framing after the answer, a pipelined request cut short): the client's doing.
            status = Status.BAD_REQUEST_400;
            message = "the request could not be read";
        }
        headers.set(HeaderValues.CONTENT_TYPE_JSON);
        byte[] body = Json.write(Map.of("message", message(type, status, message))).getBytes(StandardCharsets.UTF_8);
        return TransportResponse.builder().status(status).headers(headers).entity(body).build();
    }

    static String message(EventType type, Status status, String message) {
        int code = status.code();
        if (type == EventType.HTTP_VERSION_NOT_SUPPORTED || code == 505) {
            // HTTP/1.0 is served on connections that begin with it (Http10Source); this is 1.0 after 1.1.
            return "an HTTP/1.0 request on a connection that began with HTTP/1.1: keep to one version per connection";
        }
        if (code == 414) {
            return "request line too long";
        }
        if (code == 413) {
            return "request body too large";
        }
        if (code >= 500) {
            return code == 503 ? "service unavailable: too many concurrent requests" : "internal server error";
        }
        if (message == null || message.isBlank() || message.startsWith(HIDDEN)) {
            return code == 400 ? "malformed request: the request line or headers are not valid HTTP/1.1" : status.reasonPhrase();
        }
        // Some texts go on with a hex dump of the request after a line break: the first line says it.
        String first = message.lines().findFirst().orElse("").strip();
        if (first.endsWith(":")) {
            first = first.substring(0, first.length() - 1);
        }
        return "malformed request: " + first;
    }
}
