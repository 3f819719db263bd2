package dev.docsassistant.web;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Typed reads of JSON fields that fail with a 400 naming the field (its dotted path) when a
 * value has the wrong type or range. Absent and {@code null} fields count as not given.
 */
public final class Fields {
    private Fields() {
    }

    public static boolean present(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    /** A string field, or null when absent. */
    public static String optString(JsonNode node, String field, String path) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw ApiException.badRequest(path + " must be a string");
        }
        return v.textValue();
    }

    /** A required, non-blank string field. */
    public static String requiredString(JsonNode node, String field, String path) {
        String s = optString(node, field, path);
        if (s == null) {
            throw ApiException.badRequest(path + " is required");
        }
        if (s.isBlank()) {
            throw ApiException.badRequest(path + " must not be empty");
        }
        return s;
    }

    /** An integer field within [min, max], or {@code def} when absent. */
    public static int optInt(JsonNode node, String field, String path, int min, int max, int def) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return def;
        }
        if (!v.isNumber() || !(v.canConvertToExactIntegral() && v.canConvertToInt())
                || v.asInt() < min || v.asInt() > max) {
            throw ApiException.badRequest(path + " must be an integer from " + min + " to " + max);
        }
        return v.asInt();
    }

    /**
     * A numeric field for a shared range rule: its number, null when absent, or NaN when present but
     * not a number (every range rule rejects NaN with the rule's own message).
     */
    public static Number optNumeric(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        return v.isNumber() ? v.numberValue() : Double.NaN;
    }

    /** A number field within [min, max], or {@code def} when absent. */
    public static double optNumber(JsonNode node, String field, String path, double min, double max, double def) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return def;
        }
        if (!v.isNumber() || Double.isNaN(v.asDouble()) || v.asDouble() < min || v.asDouble() > max) {
            throw ApiException.badRequest(path + " must be a number from " + fmt(min) + " to " + fmt(max));
        }
        return v.asDouble();
    }

    /** An object field, or null when absent. */
    public static JsonNode optObject(JsonNode node, String field, String path) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isObject()) {
            throw ApiException.badRequest(path + " must be an object");
        }
        return v;
    }

    /** An array field, or null when absent. */
    public static JsonNode optArray(JsonNode node, String field, String path) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isArray()) {
            throw ApiException.badRequest(path + " must be an array");
        }
        return v;
    }

    /** Item {@code i} of an array, which must be an object; {@code path} names the item. */
    public static JsonNode objectItem(JsonNode array, int i, String path) {
        JsonNode item = array.get(i);
        if (!item.isObject()) {
            throw ApiException.badRequest(path + " must be an object");
        }
        return item;
    }

    /** A required string field that must be one of {@code allowed} ({@code allowedText} lists them for the message). */
    public static String requiredOneOf(JsonNode node, String field, String path, Set<String> allowed, String allowedText) {
        String value = requiredString(node, field, path);
        if (!allowed.contains(value)) {
            throw ApiException.badRequest(path + " must be " + allowedText);
        }
        return value;
    }

    /** An array of strings, or an empty list when absent. */
    public static List<String> optStringList(JsonNode node, String field, String path, int maxItems) {
        JsonNode array = optArray(node, field, path);
        if (array == null) {
            return List.of();
        }
        if (array.size() > maxItems) {
            throw ApiException.badRequest(path + " must have at most " + maxItems + " items");
        }
        List<String> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonNode item = array.get(i);
            if (!item.isTextual()) {
                throw ApiException.badRequest(path + "[" + i + "] must be a string");
            }
            out.add(item.textValue());
        }
        return out;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
