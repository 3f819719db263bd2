package dev.docsassistant.integrations.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Inline JavaScript: code the plugin wrote, with settings spliced in only as typed literals that the
 * platform encodes (a string becomes a JSON string literal with {@code <}, {@code >}, {@code &},
 * U+2028 and U+2029 escaped), so no setting can end the script or change the code around it.
 */
public final class Js {
    /** One piece of the script. */
    public sealed interface Part permits Code, Str, Bool, Num {
    }

    /** Code written by the plugin author. */
    public record Code(String text) implements Part {
    }

    /** A string value, emitted as an escaped string literal. */
    public record Str(String value) implements Part {
    }

    /** A boolean literal. */
    public record Bool(boolean value) implements Part {
    }

    /** A whole-number literal. */
    public record Num(long value) implements Part {
    }

    private final List<Part> parts = new ArrayList<>();

    private Js() {
    }

    /** Starts a script with code written by the plugin. */
    public static Js code(String code) {
        return new Js().then(code);
    }

    public Js then(String code) {
        parts.add(new Code(Objects.requireNonNull(code)));
        return this;
    }

    public Js string(String value) {
        parts.add(new Str(Objects.requireNonNull(value)));
        return this;
    }

    public Js bool(boolean value) {
        parts.add(new Bool(value));
        return this;
    }

    public Js number(long value) {
        parts.add(new Num(value));
        return this;
    }

    public List<Part> parts() {
        return List.copyOf(parts);
    }
}
