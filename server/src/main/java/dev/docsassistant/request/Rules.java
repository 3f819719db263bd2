package dev.docsassistant.request;

import java.util.List;
import java.util.Set;

/**
 * The value rules shared by every edge. Absent values are {@code null}; each edge first decodes its
 * wire format (JSON, protobuf), then applies these, so REST and gRPC accept exactly the same requests.
 */
public final class Rules {
    private Rules() {
    }

    /** A required, non-blank string. */
    public static String required(String field, String value) {
        if (value == null) {
            throw new InvalidFieldException(field, "is required");
        }
        if (value.isBlank()) {
            throw new InvalidFieldException(field, "must not be empty");
        }
        return value;
    }

    /** A string of at most {@code max} characters, or null. */
    public static String maxLength(String field, String value, int max) {
        if (value != null && value.length() > max) {
            throw new InvalidFieldException(field, "must be at most " + max + " characters");
        }
        return value;
    }

    /** A required string that must be one of {@code allowed} ({@code allowedText} lists them for the message). */
    public static String oneOf(String field, String value, Set<String> allowed, String allowedText) {
        required(field, value);
        if (!allowed.contains(value)) {
            throw new InvalidFieldException(field, "must be " + allowedText);
        }
        return value;
    }

    /** A whole number within [min, max], or {@code def} when absent. */
    public static int intInRange(String field, Number value, int min, int max, int def) {
        if (value == null) {
            return def;
        }
        double d = value.doubleValue();
        if (Double.isNaN(d) || d != Math.rint(d) || d < min || d > max) {
            throw new InvalidFieldException(field, "must be an integer from " + min + " to " + max);
        }
        return (int) d;
    }

    /** A number within [min, max], or {@code def} when absent. */
    public static double numberInRange(String field, Number value, double min, double max, double def) {
        if (value == null) {
            return def;
        }
        double d = value.doubleValue();
        if (Double.isNaN(d) || d < min || d > max) {
            throw new InvalidFieldException(field, "must be a number from " + fmt(min) + " to " + fmt(max));
        }
        return d;
    }

    /** A list of at most {@code max} items; null counts as empty. */
    public static <T> List<T> maxItems(String field, List<T> items, int max) {
        if (items == null) {
            return List.of();
        }
        if (items.size() > max) {
            throw new InvalidFieldException(field, "must have at most " + max + " items");
        }
        return items;
    }

    /** Blank and absent strings both mean "not given". */
    public static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
