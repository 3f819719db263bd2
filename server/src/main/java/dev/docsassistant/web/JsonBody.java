package dev.docsassistant.web;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.helidon.common.buffers.DataReader;
import io.helidon.http.HeaderValues;
import io.helidon.http.RequestException;
import io.helidon.webserver.http.ServerRequest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.regex.Pattern;

/** Reads a JSON object request body within a size limit, turning every failure into a 4xx. */
public final class JsonBody {
    /** The parts of Jackson's messages naming its own classes: {@code , from `StreamReadConstraints…`}, {@code (start marker at [Source: …])}. */
    private static final Pattern PARSER_NAMES = Pattern.compile(",\\s*from `[^`]*`|\\s*\\(start marker at \\[Source:[^\\]]*\\]\\)");

    private JsonBody() {
    }

    /**
     * The request body as a JSON object.
     *
     * @throws ApiException 413 when the body exceeds {@code maxBytes}, 400 when it is not a JSON object
     */
    public static JsonNode read(ServerRequest req, int maxBytes) {
        return parse(bytes(req, maxBytes));
    }

    /**
     * The raw request body, for a caller that must check it before parsing (a webhook's signature).
     *
     * @throws ApiException 413 when the body exceeds {@code maxBytes}, 400 when its framing is broken
     */
    public static byte[] bytes(ServerRequest req, int maxBytes) {
        long declared = req.headers().contentLength().orElse(-1);
        if (declared > maxBytes) {
            throw ApiException.tooLarge("request body is larger than " + maxBytes + " bytes");
        }
        byte[] bytes = readAtMost(req, maxBytes + 1);
        if (bytes.length > maxBytes) {
            throw ApiException.tooLarge("request body is larger than " + maxBytes + " bytes");
        }
        return bytes;
    }

    /** Up to {@code limit} bytes of the body (chunk extensions and trailers are dropped as the connection reads them). */
    private static byte[] readAtMost(ServerRequest req, int limit) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        // Not closed on failure: closing drains the rest, and a broken body may promise gigabytes.
        try {
            InputStream in = req.content().inputStream(); // may send "100 Continue" to a client already gone
            int n;
            while (body.size() < limit && (n = in.read(buffer, 0, Math.min(buffer.length, limit - body.size()))) != -1) {
                body.write(buffer, 0, n);
            }
            if (body.size() < limit) {
                in.close();
            }
        } catch (IOException | RuntimeException e) {
            throw brokenFraming(req, e);
        }
        return body.toByteArray();
    }

    /**
     * The body's framing was broken (it ended before its declared length or last chunk, or a chunk
     * size was not hex): a client error, and the connection cannot carry another request.
     */
    private static ApiException brokenFraming(ServerRequest req, Exception e) {
        if (e instanceof ApiException api) {
            return api;
        }
        boolean chunked = req.headers().contains(HeaderValues.TRANSFER_ENCODING_CHUNKED);
        String message;
        if (e instanceof RequestException r && r.getMessage() != null && r.getMessage().startsWith("request body ")) {
            message = r.getMessage(); // the connection's chunk reader says in full what was wrong
        } else if (e instanceof DataReader.InsufficientDataAvailableException || e instanceof IOException
                || e instanceof UncheckedIOException) {
            message = chunked ? "request body ended before its last chunk"
                    : "request body ended before its Content-Length of " + req.headers().contentLength().orElse(0) + " bytes";
        } else {
            message = "request body is not valid chunked encoding: a chunk size must be hexadecimal digits, "
                    + "optionally followed by ';' and a short extension";
        }
        return ApiException.brokenBody(message);
    }

    /**
     * What is wrong with a body, in the client's terms: where (line and column) and why, without
     * the parser's own names ({@code StreamReadConstraints.getMaxNestingDepth()}, a redacted
     * {@code [Source: …]} with the feature that would show it).
     */
    static String notJson(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String where = at == null || at.getLineNr() < 1 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        String reason = e.getOriginalMessage() == null ? "" : PARSER_NAMES.matcher(e.getOriginalMessage()).replaceAll("").strip();
        int newline = reason.indexOf('\n');
        reason = newline < 0 ? reason : reason.substring(0, newline);
        if (reason.isEmpty() || reason.contains("`") || reason.contains("[Source")) {
            reason = "malformed";
        }
        return "request body is not valid JSON" + where + ": " + reason;
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
            throw ApiException.badRequest(notJson(e));
        } catch (IOException e) {
            throw ApiException.badRequest("request body could not be read as JSON");
        }
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest("request body must be a JSON object");
        }
        return node;
    }
}
