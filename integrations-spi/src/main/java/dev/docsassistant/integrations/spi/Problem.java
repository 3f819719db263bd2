package dev.docsassistant.integrations.spi;

import java.util.Objects;

/**
 * One thing wrong with an integration's settings.
 *
 * @param pointer  JSON Pointer to the offending value, e.g. {@code /integrations/ga4/measurementId}
 * @param code     stable machine-readable code, e.g. {@code starts-with}, {@code required}
 * @param message  human-readable message, e.g. {@code Must start with G}
 * @param value    the offending value as found (a String, Boolean, Number, Map, List), or null when missing
 * @param severity error or warning
 */
public record Problem(String pointer, String code, String message, Object value, Severity severity) {
    public Problem {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(severity, "severity");
    }

    public static Problem error(String pointer, String code, String message, Object value) {
        return new Problem(pointer, code, message, value, Severity.ERROR);
    }

    public static Problem warning(String pointer, String code, String message, Object value) {
        return new Problem(pointer, code, message, value, Severity.WARNING);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** The same problem under a parent pointer ({@code /integrations/ga4} + {@code /measurementId}). */
    public Problem under(String parentPointer) {
        return new Problem(parentPointer + pointer, code, message, value, severity);
    }

    @Override
    public String toString() {
        return pointer + ": " + message;
    }
}
