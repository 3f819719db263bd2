package dev.docsassistant.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.config.Mappers;
import io.helidon.http.HeaderValues;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Small helpers to answer with JSON, on the server's one mapper. */
public final class Json {
    /** The server's one mapper ({@link Mappers#JSON}). */
    public static final ObjectMapper MAPPER = Mappers.JSON;

    private Json() {
    }

    /** A JSON object whose fields keep the order given: {@code object("type", "start", "id", 1)}. */
    public static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** Serialises to a compact one-line JSON string. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code value} as the JSON body with the given status. */
    public static void send(ServerResponse res, int status, Object value) {
        res.status(Status.create(status));
        res.header(HeaderValues.CONTENT_TYPE_JSON);
        res.send(write(value));
    }

    /** Sends the {@code {"message": ...}} error body used by every API route. */
    public static void sendError(ServerResponse res, int status, String message) {
        send(res, status, Map.of("message", message));
    }
}
