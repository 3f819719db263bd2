package dev.docsassistant.assistant.llm;

/** A provider API key: read from the environment, sent in a header, never printed. */
public final class ApiKey {
    private final String value;

    ApiKey(String value) {
        this.value = value;
    }

    String value() {
        return value;
    }

    @Override
    public String toString() {
        return "ApiKey[redacted]";
    }
}
