package dev.docsassistant.readers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the user data format (what a JWT's claims, an Info API's answer carry):
 * {@code {host?, expiresAt?, groups?, content?, apiPlaygroundInputs?}}. A field of the wrong shape
 * refuses the whole sign-in, naming the field, rather than signing in a reader with less or more than
 * was meant.
 */
public final class UserData {
    /** A session without {@code expiresAt} (or with a later one) lasts at most this long. */
    public static final Duration MAX_SESSION = Duration.ofDays(30);
    /** Sessions of readers whose user data names no {@code expiresAt}. */
    public static final Duration DEFAULT_SESSION = Duration.ofDays(1);
    static final int MAX_GROUPS = 100;
    static final int MAX_GROUP_CHARS = 200;
    static final int MAX_JSON_CHARS = 16 * 1024;
    private static final List<String> INPUT_KINDS = List.of("server", "header", "query", "cookie", "path");

    private UserData() {
    }

    /**
     * The reader the user data describes.
     *
     * @param id  the reader's id, if the method knows one
     * @param now the time, for {@code expiresAt}
     * @throws ReaderAuthException 400 naming the field that is not of the format
     */
    public static Reader read(JsonNode data, Optional<String> id, Instant now) {
        if (data == null || !data.isObject()) {
            throw ReaderAuthException.badRequest("the user data must be a JSON object");
        }
        if (data.toString().length() > MAX_JSON_CHARS) {
            throw ReaderAuthException.badRequest("the user data is larger than " + MAX_JSON_CHARS / 1024 + " KiB");
        }
        Instant latest = now.plus(MAX_SESSION);
        Instant expiresAt = now.plus(DEFAULT_SESSION);
        JsonNode at = data.get("expiresAt");
        if (at != null && !at.isNull()) {
            if (!at.isNumber()) {
                throw ReaderAuthException.badRequest("expiresAt must be a number (seconds since 1970)");
            }
            expiresAt = Instant.ofEpochSecond(at.asLong());
            if (!expiresAt.isAfter(now)) {
                throw ReaderAuthException.unauthorized("the user data's expiresAt has passed");
            }
        }
        if (expiresAt.isAfter(latest)) {
            expiresAt = latest;
        }
        return new Reader(id, groups(data.get("groups")), object(data, "content"), inputs(data.get("apiPlaygroundInputs")),
                expiresAt);
    }

    /** Groups as a JSON array of strings; names starting with {@code @} are the server's own and never taken from outside. */
    static List<String> groups(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isArray()) {
            throw ReaderAuthException.badRequest("groups must be an array of strings");
        }
        if (node.size() > MAX_GROUPS) {
            throw ReaderAuthException.badRequest("groups: at most " + MAX_GROUPS);
        }
        for (JsonNode g : node) {
            if (!g.isTextual()) {
                throw ReaderAuthException.badRequest("groups must be an array of strings");
            }
            String name = g.asText().strip();
            if (name.length() > MAX_GROUP_CHARS) {
                throw ReaderAuthException.badRequest("groups: a name longer than " + MAX_GROUP_CHARS + " characters");
            }
            if (!name.isEmpty() && !name.startsWith("@") && !out.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }

    private static ObjectNode object(JsonNode data, String field) {
        JsonNode node = data.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw ReaderAuthException.badRequest(field + " must be an object");
        }
        return (ObjectNode) node;
    }

    private static ObjectNode inputs(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw ReaderAuthException.badRequest("apiPlaygroundInputs must be an object");
        }
        for (var it = node.fieldNames(); it.hasNext(); ) {
            String kind = it.next();
            if (!INPUT_KINDS.contains(kind)) {
                throw ReaderAuthException.badRequest("apiPlaygroundInputs." + kind + ": not one of " + INPUT_KINDS);
            }
            if (!node.get(kind).isObject()) {
                throw ReaderAuthException.badRequest("apiPlaygroundInputs." + kind + " must be an object");
            }
        }
        return (ObjectNode) node;
    }
}
