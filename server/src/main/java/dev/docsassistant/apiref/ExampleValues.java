package dev.docsassistant.apiref;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.config.Mappers;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Example values for samples: the document's own examples first, then defaults, enums and
 * placeholders by type and format. Recursive schemas stop at their first repetition.
 */
public final class ExampleValues {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 8;
    private static final int MAX_VALUES = 400;

    private final Refs refs;
    private final SchemaTrees.Direction direction;
    private final boolean optional;
    private final Deque<String> expanding = new ArrayDeque<>();
    private final java.util.Set<Schema<?>> expandingObjects = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private int values;

    private ExampleValues(OpenAPI model, SchemaTrees.Direction direction, boolean optional) {
        this.refs = new Refs(model);
        this.direction = direction;
        this.optional = optional;
    }

    /**
     * @param optional whether optional fields appear ({@code api.examples.defaults}: {@code all}) or only
     *                 required ones ({@code required})
     */
    public static JsonNode of(OpenAPI model, Schema<?> schema, SchemaTrees.Direction direction, boolean optional) {
        return new ExampleValues(model, direction, optional).value(schema, 0);
    }

    /** Named examples of a media type (its {@code example}, else its {@code examples}, else one made from the schema). */
    public static Map<String, JsonNode> ofMedia(OpenAPI model, MediaType media, SchemaTrees.Direction direction, boolean optional) {
        Map<String, JsonNode> out = new java.util.LinkedHashMap<>();
        if (media.getExample() != null) {
            out.put("Example", json(media.getExample()));
        } else if (media.getExamples() != null) {
            Refs refs = new Refs(model);
            media.getExamples().entrySet().stream().limit(20).forEach(e -> {
                Example example = refs.example(e.getValue());
                if (example != null && example.getValue() != null) {
                    String label = example.getSummary() != null ? example.getSummary() : e.getKey();
                    out.put(label, json(example.getValue()));
                }
            });
        }
        if (out.isEmpty() && media.getSchema() != null) {
            out.put("Example", of(model, media.getSchema(), direction, optional));
        }
        return out;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private JsonNode value(Schema<?> raw, int depth) {
        String ref = raw == null ? null : raw.get$ref();
        Schema<?> s = raw == null ? null : refs.schema(raw);
        if (s == null || ref != null && expanding.contains(ref) || expandingObjects.contains(s) || depth > MAX_DEPTH
                || ++values > MAX_VALUES) {
            return NODES.nullNode();
        }
        if (s.getExample() != null) {
            return json(s.getExample());
        }
        if (s.getExamples() != null && !s.getExamples().isEmpty()) {
            return json(s.getExamples().get(0));
        }
        if (s.getDefault() != null) {
            return json(s.getDefault());
        }
        if (s.getConst() != null) {
            return json(s.getConst());
        }
        if (s.getEnum() != null && !s.getEnum().isEmpty()) {
            return json(s.getEnum().get(0));
        }
        if (ref != null) {
            expanding.push(ref);
        }
        expandingObjects.add(s);
        try {
            Schemas.Merged merged = Schemas.merge(refs, raw);
            String type = Schemas.type(s);
            if ("array".equals(type) || s.getItems() != null) {
                ArrayNode array = NODES.arrayNode();
                JsonNode item = value(s.getItems(), depth + 1);
                if (!item.isNull() || s.getItems() != null && refs.schema(s.getItems()) != null) {
                    array.add(item);
                }
                return array;
            }
            if (!merged.properties().isEmpty() || "object".equals(type)) {
                ObjectNode object = NODES.objectNode();
                merged.properties().forEach((key, value) -> {
                    Schema<?> prop = refs.schema(value);
                    if (prop == null || !optional && !merged.required().contains(key)
                            || direction == SchemaTrees.Direction.REQUEST && Boolean.TRUE.equals(prop.getReadOnly())
                            || direction == SchemaTrees.Direction.RESPONSE && Boolean.TRUE.equals(prop.getWriteOnly())) {
                        return;
                    }
                    object.set(key, value(value, depth + 1));
                });
                return object;
            }
            List<Schema<?>> options = !merged.oneOf().isEmpty() ? merged.oneOf() : merged.anyOf();
            if (!options.isEmpty()) {
                return value(options.get(0), depth + 1);
            }
            return placeholder(s);
        } finally {
            if (ref != null) {
                expanding.pop();
            }
            expandingObjects.remove(s);
        }
    }

    private static JsonNode placeholder(Schema<?> s) {
        String type = Schemas.type(s);
        String format = s.getFormat() == null ? "" : s.getFormat();
        if (type == null) {
            return NODES.nullNode();
        }
        return switch (type) {
            case "integer" -> NODES.numberNode(123);
            case "number" -> NODES.numberNode(123.45);
            case "boolean" -> NODES.booleanNode(true);
            case "null" -> NODES.nullNode();
            case "string" -> NODES.textNode(switch (format) {
                case "date-time" -> "2024-01-15T09:30:00Z";
                case "date" -> "2024-01-15";
                case "uuid" -> "3c90c3cc-0d44-4b50-8888-8dd25736052a";
                case "email" -> "jsmith@example.com";
                case "uri", "url" -> "https://example.com";
                case "binary", "base64" -> "@file";
                default -> "<string>";
            });
            default -> NODES.nullNode();
        };
    }

    /** A value of the parsed document (Jackson nodes, maps, strings, numbers) as a JSON node. */
    static JsonNode json(Object value) {
        if (value instanceof JsonNode node) {
            return node;
        }
        return Mappers.JSON.valueToTree(value);
    }

    /** A single parameter's example value as text for a URL or header. */
    public static String parameterValue(OpenAPI model, io.swagger.v3.oas.models.parameters.Parameter p) {
        if (p.getExample() != null) {
            return SchemaTrees.text(p.getExample());
        }
        if (p.getExamples() != null && !p.getExamples().isEmpty()) {
            Example example = new Refs(model).example(p.getExamples().values().iterator().next());
            if (example != null && example.getValue() != null) {
                return SchemaTrees.text(example.getValue());
            }
        }
        if (p.getSchema() == null) {
            return "<" + p.getName() + ">";
        }
        JsonNode v = of(model, p.getSchema(), SchemaTrees.Direction.REQUEST, false);
        if (v.isArray() && !v.isEmpty()) {
            v = v.get(0);
        }
        return v.isTextual() ? v.asText() : v.isNull() ? "<" + p.getName() + ">" : v.toString();
    }
}
