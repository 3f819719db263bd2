package dev.docsassistant.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.helidon.http.HeaderValues;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** The one JSON mapper of the server and small helpers to answer with JSON. */
public final class Json {
    /** Lenient on input (clients send more than we read), bounded against hostile nesting. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    static {
        MAPPER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(64)
                .build());
    }

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
