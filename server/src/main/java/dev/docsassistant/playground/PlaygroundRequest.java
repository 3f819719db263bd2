package dev.docsassistant.playground;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Fields;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the playground asks the proxy to send, read from its JSON: {@code method}, {@code url},
 * {@code headers} (an object of names to string values), and at most one of {@code body} (a string;
 * {@code bodyEncoding: "base64"} for bytes) and {@code multipart} (form parts {@code {name, value}} or
 * {@code {name, filename, contentType, base64}}). Every mistake is a 400 naming the field.
 *
 * @param body      the bytes to send, or null for none
 * @param multipart the form parts, or null when the body is not a multipart form
 */
record PlaygroundRequest(String method, String url, Map<String, String> headers, byte[] body, List<Part> multipart) {
    /** The methods an OpenAPI description can name. */
    static final Set<String> METHODS = Set.of("GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE");
    static final int MAX_URL_CHARS = 8192;
    static final int MAX_HEADERS = 100;
    static final int MAX_HEADER_BYTES = 64 * 1024;
    static final int MAX_PARTS = 100;

    /** One part of a multipart form: a field ({@code filename} null) or a file. */
    record Part(String name, String filename, String contentType, byte[] content) {
    }

    /**
     * @param maxBody bytes a decoded body may have (413 above)
     */
    static PlaygroundRequest read(JsonNode json, int maxBody) {
        String method = Fields.requiredString(json, "method", "method").strip().toUpperCase(Locale.ROOT);
        if (!METHODS.contains(method)) {
            throw ApiException.badRequest("method: '" + Fields.optString(json, "method", "method")
                    + "' is not an HTTP method an API description can name (GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE)");
        }
        String url = Fields.requiredString(json, "url", "url").strip();
        if (url.length() > MAX_URL_CHARS) {
            throw ApiException.badRequest("url: longer than " + MAX_URL_CHARS + " characters");
        }
        Map<String, String> headers = headers(json);
        boolean hasBody = Fields.present(json, "body");
        boolean hasParts = Fields.present(json, "multipart");
        if (hasBody && hasParts) {
            throw ApiException.badRequest("body and multipart: send one of them, not both");
        }
        byte[] body = hasBody ? body(json) : null;
        List<Part> parts = hasParts ? parts(json) : null;
        if ((body != null || parts != null) && (method.equals("HEAD") || method.equals("TRACE"))) {
            throw ApiException.badRequest((body != null ? "body" : "multipart") + ": a " + method + " request carries no body");
        }
        long size = body != null ? body.length : parts == null ? 0 : parts.stream().mapToLong(p -> p.content().length).sum();
        if (size > maxBody) {
            throw new ApiException(413, (body != null ? "body" : "multipart") + ": " + size + " bytes; the playground sends at most "
                    + maxBody + " (docs-assistant.api-playground.max-request-bytes)");
        }
        return new PlaygroundRequest(method, url, headers, body, parts);
    }

    private static Map<String, String> headers(JsonNode json) {
        JsonNode node = Fields.optObject(json, "headers", "headers");
        Map<String, String> headers = new LinkedHashMap<>();
        if (node == null) {
            return headers;
        }
        if (node.size() > MAX_HEADERS) {
            throw ApiException.badRequest("headers: more than " + MAX_HEADERS);
        }
        long bytes = 0;
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String name = e.getKey();
            if (!e.getValue().isTextual()) {
                throw ApiException.badRequest("headers." + name + ": must be a string");
            }
            String value = e.getValue().textValue();
            bytes += name.length() + value.length();
            if (bytes > MAX_HEADER_BYTES) {
                throw ApiException.badRequest("headers: more than " + MAX_HEADER_BYTES + " bytes together");
            }
            headers.put(name, value);
        }
        return headers;
    }

    private static byte[] body(JsonNode json) {
        String body = Fields.optString(json, "body", "body");
        String encoding = Fields.optString(json, "bodyEncoding", "bodyEncoding");
        if (encoding == null || encoding.equals("text")) {
            return body.getBytes(StandardCharsets.UTF_8);
        }
        if (!encoding.equals("base64")) {
            throw ApiException.badRequest("bodyEncoding: must be \"text\" (the default) or \"base64\"");
        }
        return base64(body, "body");
    }

    private static List<Part> parts(JsonNode json) {
        JsonNode array = Fields.optArray(json, "multipart", "multipart");
        if (array.size() > MAX_PARTS) {
            throw ApiException.badRequest("multipart: more than " + MAX_PARTS + " parts");
        }
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String at = "multipart[" + i + "]";
            JsonNode part = Fields.objectItem(array, i, "multipart");
            String name = Fields.requiredString(part, "name", at + ".name");
            String value = Fields.optString(part, "value", at + ".value");
            String file = Fields.optString(part, "base64", at + ".base64");
            if ((value == null) == (file == null)) {
                throw ApiException.badRequest(at + ": give either value (a field) or base64 (a file's content)");
            }
            if (value != null) {
                parts.add(new Part(name, null, null, value.getBytes(StandardCharsets.UTF_8)));
                continue;
            }
            String filename = Fields.optString(part, "filename", at + ".filename");
            String type = Fields.optString(part, "contentType", at + ".contentType");
            parts.add(new Part(name, filename == null ? "file" : filename,
                    type == null || type.isBlank() ? "application/octet-stream" : type, base64(file, at + ".base64")));
        }
        return parts;
    }

    private static byte[] base64(String text, String field) {
        try {
            return Base64.getDecoder().decode(text.replaceAll("\\s", ""));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(field + ": not valid base64 (" + e.getMessage() + ")");
        }
    }
}
