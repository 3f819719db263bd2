package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Checks a raw HTTP/1.1 response (as {@link SseConnection} read it) for a complete AI SDK UI message
 * stream: status 200, {@code text/event-stream}, every event a {@code data:} JSON chunk with a type,
 * {@code start} first, text between {@code text-start} and {@code text-end}, {@code finish} last, then
 * {@code data: [DONE]}. A server that answers fast with a broken or empty stream is caught here.
 */
final class UiStreamCheck {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A valid answer's shape: its source parts and the length of its text. */
    record Answer(int sources, int textChars) {
    }

    private UiStreamCheck() {
    }

    /** The answer, or an {@link IllegalStateException} naming what is wrong with the stream. */
    static Answer check(byte[] raw) {
        String all = new String(raw, StandardCharsets.UTF_8);
        int headEnd = all.indexOf("\r\n\r\n");
        if (headEnd < 0 || !all.startsWith("HTTP/1.1 200")) {
            throw new IllegalStateException("not a 200 response: " + abbreviate(all));
        }
        String head = all.substring(0, headEnd).toLowerCase(Locale.ROOT);
        if (!head.contains("content-type: text/event-stream")) {
            throw new IllegalStateException("not text/event-stream: " + abbreviate(all));
        }
        String body = head.contains("transfer-encoding: chunked")
                ? dechunk(raw, all.substring(0, headEnd + 4).getBytes(StandardCharsets.UTF_8).length)
                : all.substring(headEnd + 4);
        List<String> events = new ArrayList<>(List.of(body.split("\n\n")));
        if (events.isEmpty() || !events.removeLast().equals("data: [DONE]")) {
            throw new IllegalStateException("does not end with data: [DONE]: " + abbreviate(body));
        }
        List<String> types = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int sources = 0;
        for (String event : events) {
            if (!event.startsWith("data: ")) {
                throw new IllegalStateException("an event that is not data: " + abbreviate(event));
            }
            JsonNode chunk = parse(event.substring(6));
            String type = chunk.path("type").asText("");
            types.add(type);
            sources += type.equals("source-url") && !chunk.path("url").asText("").isEmpty() ? 1 : 0;
            if (type.equals("text-delta")) {
                text.append(chunk.path("delta").asText(""));
            }
        }
        if (types.isEmpty() || !types.getFirst().equals("start") || !types.getLast().equals("finish")) {
            throw new IllegalStateException("not start … finish: " + types);
        }
        if (!types.contains("text-start") || !types.contains("text-end") || text.toString().isBlank()) {
            throw new IllegalStateException("no text: " + types);
        }
        return new Answer(sources, text.length());
    }

    private static JsonNode parse(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (Exception e) {
            throw new IllegalStateException("an event that is not JSON: " + abbreviate(json));
        }
    }

    /** The body of a chunked transfer: each chunk's hex size line, its bytes, CRLF; a zero size ends it. */
    private static String dechunk(byte[] raw, int from) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = from;
        while (true) {
            int lineEnd = indexOfCrlf(raw, i);
            if (lineEnd < 0) {
                throw new IllegalStateException("a chunked body without its last chunk");
            }
            int size = Integer.parseInt(new String(raw, i, lineEnd - i, StandardCharsets.US_ASCII).split(";")[0].strip(), 16);
            if (size == 0) {
                return out.toString(StandardCharsets.UTF_8);
            }
            if (lineEnd + 2 + size > raw.length) {
                throw new IllegalStateException("a chunk longer than the bytes received");
            }
            out.write(raw, lineEnd + 2, size);
            i = lineEnd + 2 + size + 2;
        }
    }

    private static int indexOfCrlf(byte[] data, int from) {
        for (int i = from; i < data.length - 1; i++) {
            if (data[i] == '\r' && data[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static String abbreviate(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }
}
