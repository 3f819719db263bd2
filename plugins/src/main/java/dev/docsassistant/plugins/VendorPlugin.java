package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Kind;

import java.util.List;

/** The declaration part every built-in plugin shares; subclasses add {@code render} (and checks). */
abstract class VendorPlugin implements IntegrationPlugin {
    private final String key;
    private final String title;
    private final Kind kind;
    private final String description;
    private final List<Field> fields;

    VendorPlugin(String key, String title, Kind kind, String description, Field... fields) {
        this.key = key;
        this.title = title;
        this.kind = kind;
        this.description = description;
        this.fields = List.of(fields);
    }

    @Override
    public final String key() {
        return key;
    }

    @Override
    public final String title() {
        return title;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Kind kind() {
        return kind;
    }

    @Override
    public final List<Field> fields() {
        return fields;
    }
}
