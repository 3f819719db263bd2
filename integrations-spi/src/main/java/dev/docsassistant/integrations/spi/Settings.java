package dev.docsassistant.integrations.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An integration's validated settings with defaults applied: the typed view a plugin renders from.
 * Only declared fields are present.
 */
public final class Settings {
    private final Map<String, Object> values;

    public Settings(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** A required string (validated present). */
    public String string(String name) {
        Object v = values.get(name);
        if (!(v instanceof String s)) {
            throw new IllegalStateException("no string setting " + name);
        }
        return s;
    }

    /** An optional string, absent when not set and without default. */
    public Optional<String> optionalString(String name) {
        return values.get(name) instanceof String s ? Optional.of(s) : Optional.empty();
    }

    public boolean bool(String name) {
        return Boolean.TRUE.equals(values.get(name));
    }

    public Map<String, Object> asMap() {
        return values;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
