package dev.docsassistant.integrations.spi;

import java.util.List;
import java.util.Objects;

/**
 * One field of an integration's settings, declared once and used for validation, the JSON Schema
 * and the reference.
 *
 * @param name         the property name in docs.json ({@code measurementId})
 * @param type         its JSON type
 * @param required     whether it must be present
 * @param defaultValue the value used when absent (null: none)
 * @param description  one sentence for the reference and editors
 * @param example      a valid example value, shown in the reference
 * @param rules        string rules, checked in order; all violations are reported
 */
public record Field(String name, FieldType type, boolean required, Object defaultValue, String description,
                    Object example, List<Rule> rules) {
    public Field {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        rules = List.copyOf(rules);
        if (type != FieldType.STRING && !rules.isEmpty()) {
            throw new IllegalArgumentException(name + ": rules apply to string fields only");
        }
    }

    /** A required string field. */
    public static Field requiredString(String name, String description, String example, Rule... rules) {
        return new Field(name, FieldType.STRING, true, null, description, example, List.of(rules));
    }

    /** An optional string field, with an optional default. */
    public static Field optionalString(String name, String defaultValue, String description, String example,
                                       Rule... rules) {
        return new Field(name, FieldType.STRING, false, defaultValue, description, example, List.of(rules));
    }

    /** An optional boolean field with its default. */
    public static Field optionalBoolean(String name, boolean defaultValue, String description) {
        return new Field(name, FieldType.BOOLEAN, false, defaultValue, description, defaultValue, List.of());
    }

    /** The rules stricter than Mintlify's validator. */
    public List<Rule> stricterRules() {
        return rules.stream().filter(Rule::stricter).toList();
    }
}
