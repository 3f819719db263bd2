package dev.docsassistant.rest;

import dev.docsassistant.request.InvalidFieldException;
import dev.docsassistant.web.Json;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Errors of the OpenAI-compatible routes in OpenAI's shape, {@code {"error": {"message", "type",
 * "code", "param"}}}, which the OpenAI SDKs turn into their typed errors. The status and message
 * are the rest of the API's ({@link RestErrors}); only the body differs.
 */
final class OpenAiErrors {
    private OpenAiErrors() {
    }

    /** The request's fault, naming the parameter. */
    static void send(ServerResponse res, int status, String message, String param, String code) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", message);
        error.put("type", type(status));
        error.put("code", code);
        error.put("param", param);
        Json.send(res, status, Map.of("error", error));
    }

    /** Whatever the parser, the rules or the core threw, through the API's one table. */
    static void send(ServerResponse res, RuntimeException e) {
        RestErrors.Answer answer = RestErrors.of(e);
        String param = e instanceof InvalidFieldException invalid ? invalid.field() : null;
        String code = switch (answer.status()) {
            case 413 -> "request_too_large";
            case 400 -> "invalid_value";
            default -> null;
        };
        send(res, answer.status(), answer.message(), param, code);
    }

    /** The same object as a stream event, for a failure after the answer started. */
    static String event(String message) {
        return "data: " + Json.write(Map.of("error", Json.object("message", message, "type", "server_error",
                "code", null, "param", null))) + "\n\n";
    }

    /** OpenAI's error types by status. */
    static String type(int status) {
        return switch (status) {
            case 401 -> "authentication_error";
            case 403 -> "permission_error";
            case 404 -> "not_found_error";
            case 429 -> "rate_limit_error";
            default -> status >= 500 ? "server_error" : "invalid_request_error";
        };
    }
}
