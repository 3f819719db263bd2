package dev.docsassistant.integrations.spi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates one integration's settings against its plugin's declared fields, reporting every problem
 * at once with Mintlify's messages where Mintlify has one. Pointers are relative to the integration's
 * object ({@code /measurementId}; the object itself is {@code ""}).
 */
@Experimental("used by the platform to validate settings; plugins declare fields instead of calling it")
public final class Validation {
    private Validation() {
    }

    /**
     * The outcome: the problems found and, when there is no error, the settings with defaults applied.
     */
    public record Result(List<Problem> problems, Settings settings) {
        public boolean valid() {
            return problems.stream().noneMatch(Problem::isError);
        }
    }

    /**
     * Validates a value parsed from JSON: a {@code Map<String, Object>} for an object, String, Boolean,
     * Number, List, or null.
     */
    public static Result validate(IntegrationPlugin plugin, Object value) {
        List<Problem> problems = new ArrayList<>();
        if (!(value instanceof Map<?, ?> object)) {
            problems.add(Problem.error("", "invalid-type", invalidType("object", value), value));
            return new Result(problems, null);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Field field : plugin.fields()) {
            String pointer = "/" + escape(field.name());
            Object v = object.get(field.name());
            if (v == null && !object.containsKey(field.name())) {
                if (field.required()) {
                    problems.add(Problem.error(pointer, "required", "This field is required", null));
                } else if (field.defaultValue() != null) {
                    values.put(field.name(), field.defaultValue());
                }
                continue;
            }
            if (!hasType(v, field.type())) {
                problems.add(Problem.error(pointer, "invalid-type", invalidType(field.type().json(), v), v));
                continue;
            }
            if (v instanceof String s) {
                for (Rule rule : field.rules()) {
                    if (!rule.accepts(s)) {
                        String message = rule.code().equals("enum") ? rule.message() + ", received '" + s + "'"
                                : rule.message();
                        problems.add(Problem.error(pointer, rule.code(), message, s));
                    }
                }
            }
            values.put(field.name(), v);
        }
        for (Object k : object.keySet()) {
            String name = String.valueOf(k);
            if (plugin.fields().stream().noneMatch(f -> f.name().equals(name))) {
                problems.add(Problem.warning("/" + escape(name), "unknown-field",
                        "Unknown field '" + name + "' in " + plugin.key() + " (ignored)", object.get(k)));
            }
        }
        if (problems.stream().anyMatch(Problem::isError)) {
            return new Result(List.copyOf(problems), null);
        }
        Settings settings = new Settings(values);
        problems.addAll(plugin.check(settings));
        boolean valid = problems.stream().noneMatch(Problem::isError);
        return new Result(List.copyOf(problems), valid ? settings : null);
    }

    /** Mintlify's wording: {@code Invalid type. Expected field to be of type 'string', received 'number'}. */
    public static String invalidType(String expected, Object value) {
        return "Invalid type. Expected field to be of type '" + expected + "', received '" + jsonType(value) + "'";
    }

    /** The JSON type name of a parsed value, as zod names it. */
    public static String jsonType(Object value) {
        return switch (value) {
            case null -> "null";
            case String s -> "string";
            case Boolean b -> "boolean";
            case Number n -> "number";
            case List<?> l -> "array";
            case Map<?, ?> m -> "object";
            default -> value.getClass().getSimpleName();
        };
    }

    private static boolean hasType(Object v, FieldType type) {
        return switch (type) {
            case STRING -> v instanceof String;
            case BOOLEAN -> v instanceof Boolean;
        };
    }

    /** JSON Pointer escaping of one reference token. */
    public static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
