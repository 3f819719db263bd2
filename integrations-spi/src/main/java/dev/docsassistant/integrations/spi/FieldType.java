package dev.docsassistant.integrations.spi;

/** The JSON type a field's value must have. */
public enum FieldType {
    STRING("string"),
    BOOLEAN("boolean");

    private final String json;

    FieldType(String json) {
        this.json = json;
    }

    /** The JSON type name, as in JSON Schema and in validation messages. */
    public String json() {
        return json;
    }
}
