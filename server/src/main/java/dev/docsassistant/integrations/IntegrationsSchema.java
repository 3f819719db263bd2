package dev.docsassistant.integrations;

import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Rule;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schema (draft 2020-12) of a docs.json {@code integrations} object, generated from the
 * plugins' declarations. Editors flag unknown fields inside an integration; the validator only warns.
 */
public final class IntegrationsSchema {
    public static final String ID = "https://docs-assistant.dev/schemas/integrations.json";

    private IntegrationsSchema() {
    }

    public static Map<String, Object> of(PluginRegistry registry) {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (IntegrationPlugin plugin : registry.all()) {
            properties.put(plugin.key(), plugin(plugin));
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        schema.put("$id", ID);
        schema.put("title", "docs.json integrations");
        schema.put("description", "Analytics, chat and enrichment integrations injected into every page, and the "
                + "platform's telemetry and cookie-consent settings.");
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("additionalProperties", false);
        return schema;
    }

    private static Map<String, Object> plugin(IntegrationPlugin plugin) {
        Map<String, Object> fields = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (Field f : plugin.fields()) {
            fields.put(f.name(), field(f));
            if (f.required()) {
                required.add(f.name());
            }
        }
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("title", plugin.title());
        object.put("description", plugin.description());
        object.put("type", "object");
        object.put("properties", fields);
        if (!required.isEmpty()) {
            object.put("required", required);
        }
        object.put("additionalProperties", false);
        return object;
    }

    private static Map<String, Object> field(Field f) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", f.type().json());
        schema.put("description", f.description());
        if (f.defaultValue() != null) {
            schema.put("default", f.defaultValue());
        }
        List<Map<String, Object>> allOf = new ArrayList<>();
        for (Rule rule : f.rules()) {
            Map<String, Object> extra = new LinkedHashMap<>();
            rule.schema().forEach((k, v) -> {
                if (!schema.containsKey(k)) {
                    schema.put(k, v);
                } else if (!schema.get(k).equals(v)) {
                    extra.put(k, v);
                }
            });
            if (!extra.isEmpty()) {
                allOf.add(extra);
            }
        }
        if (!allOf.isEmpty()) {
            schema.put("allOf", allOf);
        }
        schema.put("examples", List.of(f.example()));
        return schema;
    }
}
