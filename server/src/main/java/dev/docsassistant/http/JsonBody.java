package dev.docsassistant.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.helidon.webserver.http.ServerRequest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Reads a JSON object request body within a size limit, turning every failure into a 4xx. */
public final class JsonBody {
    private JsonBody() {
    }

    /**
     * The request body as a JSON object.
     *
     * @throws ApiException 413 when the body exceeds {@code maxBytes}, 400 when it is not a JSON object
     */
    public static JsonNode read(ServerRequest req, int maxBytes) {
        long declared = req.headers().contentLength().orElse(-1);
        if (declared > maxBytes) {
            throw ApiException.tooLarge("request body is larger than " + maxBytes + " bytes");
        }
        byte[] bytes;
        try (InputStream in = req.content().inputStream()) {
            bytes = in.readNBytes(maxBytes + 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (bytes.length > maxBytes) {
            throw ApiException.tooLarge("request body is larger than " + maxBytes + " bytes");
        }
        return parse(bytes);
    }

    /** Parses bytes that must hold one JSON object. */
    public static JsonNode parse(byte[] bytes) {
        if (bytes.length == 0) {
            throw ApiException.badRequest("request body is empty; expected a JSON object");
        }
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("request body is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw ApiException.badRequest("request body could not be read as JSON");
        }
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest("request body must be a JSON object");
        }
        return node;
    }
}
