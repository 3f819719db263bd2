package dev.docsassistant.apiref;

import dev.docsassistant.config.Mappers;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Builds the field tree of a schema for a page: references followed, {@code allOf} merged,
 * {@code oneOf}/{@code anyOf} as choices, read-only fields left out of requests and write-only ones
 * out of responses. A reference back to a schema being expanded is cut (a tree of a recursive
 * schema would never end), and so is everything past {@link #MAX_DEPTH} levels or
 * {@link #MAX_NODES} fields: a page stays bounded whatever the document holds.
 */
public final class SchemaTrees {
    /** Which side of the exchange a schema describes. */
    public enum Direction { REQUEST, RESPONSE, ANY }

    static final int MAX_DEPTH = 12;
    static final int MAX_NODES = 1_500;

    private final Refs refs;
    private final Direction direction;
    /** References and schema objects being expanded: a 3.1 document's references come inlined, as cycles of objects. */
    private final Deque<Object> expanding = new ArrayDeque<>();
    private final java.util.Set<Schema<?>> expandingObjects = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private int nodes;

    private SchemaTrees(OpenAPI model, Direction direction) {
        this.refs = new Refs(model);
        this.direction = direction;
    }

    /** The tree of {@code schema} (its root has no name). */
    public static SchemaNode of(OpenAPI model, Schema<?> schema, Direction direction) {
        return new SchemaTrees(model, direction).node(null, schema, false, 0);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private SchemaNode node(String name, Schema<?> raw, boolean required, int depth) {
        nodes++;
        String ref = raw == null ? null : raw.get$ref();
        String refName = Refs.name(ref);
        Schema<?> s = raw == null ? null : refs.schema(raw);
        if (s == null) {
            return leaf(name, ref == null ? "any" : refName, required, ref == null ? null : "unresolved reference " + ref);
        }
        if (ref != null && expanding.contains(ref) || expandingObjects.contains(s)) {
            String what = refName != null ? refName : s.getTitle() != null ? s.getTitle() : label(s, null);
            return leaf(name, label(s, refName), required, "recursive: " + what + " (its fields are shown above)");
        }
        if (nodes > MAX_NODES) {
            return leaf(name, label(s, refName), required, "more fields than a page shows (" + MAX_NODES + ")");
        }
        if (ref != null) {
            expanding.push(ref);
        }
        expandingObjects.add(s);
        try {
            Schemas.Merged merged = Schemas.merge(refs, raw);
            List<SchemaNode> children = new ArrayList<>();
            List<SchemaNode> choices = new ArrayList<>();
            String choiceKind = null;
            String cut = null;
            Schema<?> items = "array".equals(Schemas.type(s)) || s.getItems() != null ? s.getItems() : null;
            if (depth >= MAX_DEPTH && (!merged.properties().isEmpty() || items != null)) {
                cut = "deeper levels left out";
            } else if (items != null) {
                SchemaNode item = node(null, items, false, depth + 1);
                children.addAll(item.children());
                choices.addAll(item.choices());
                choiceKind = item.choiceKind();
                cut = item.cut();
            } else {
                merged.properties().forEach((key, value) -> {
                    Schema<?> prop = refs.schema(value);
                    if (prop != null && (direction == Direction.REQUEST && Boolean.TRUE.equals(prop.getReadOnly())
                            || direction == Direction.RESPONSE && Boolean.TRUE.equals(prop.getWriteOnly()))) {
                        return;
                    }
                    children.add(node(key, value, merged.required().contains(key), depth + 1));
                });
                if (s.getAdditionalProperties() instanceof Schema additional && depth < MAX_DEPTH) {
                    children.add(node("{key}", additional, false, depth + 1));
                }
                List<Schema<?>> options = !merged.oneOf().isEmpty() ? merged.oneOf() : merged.anyOf();
                if (!options.isEmpty()) {
                    choiceKind = !merged.oneOf().isEmpty() ? "oneOf" : "anyOf";
                    for (int i = 0; i < options.size(); i++) {
                        Schema<?> option = options.get(i);
                        Schema<?> resolved = refs.schema(option);
                        String title = option.get$ref() != null ? Refs.name(option.get$ref())
                                : resolved != null && resolved.getTitle() != null ? resolved.getTitle()
                                : discriminatorValue(s, resolved).orElse("Option " + (i + 1));
                        choices.add(node(title, option, false, depth + 1));
                    }
                }
            }
            String description = s.getDescription() != null ? s.getDescription() : merged.description();
            if (raw.getDescription() != null) {
                description = raw.getDescription(); // a property's own words win over its referenced schema's
            }
            return new SchemaNode(name, label(s, refName), s.getFormat(), required, description, facts(s),
                    enumValues(s), Boolean.TRUE.equals(s.getDeprecated()), Schemas.nullable(s),
                    Boolean.TRUE.equals(s.getReadOnly()), Boolean.TRUE.equals(s.getWriteOnly()), List.copyOf(children),
                    choiceKind, List.copyOf(choices), cut);
        } finally {
            if (ref != null) {
                expanding.pop();
            }
            expandingObjects.remove(s);
        }
    }

    /** The value an inlined choice gives its discriminator property ({@code const} or a single {@code enum}), if any. */
    private java.util.Optional<String> discriminatorValue(Schema<?> parent, Schema<?> option) {
        if (option == null || parent.getDiscriminator() == null || parent.getDiscriminator().getPropertyName() == null) {
            return java.util.Optional.empty();
        }
        Schema<?> prop = refs.schema(Schemas.merge(refs, option).properties().get(parent.getDiscriminator().getPropertyName()));
        if (prop == null) {
            return java.util.Optional.empty();
        }
        if (prop.getConst() != null) {
            return java.util.Optional.of(text(prop.getConst()));
        }
        return prop.getEnum() != null && prop.getEnum().size() == 1 ? java.util.Optional.of(text(prop.getEnum().get(0)))
                : java.util.Optional.empty();
    }

    private SchemaNode leaf(String name, String type, boolean required, String cut) {
        return new SchemaNode(name, type, null, required, null, List.of(), List.of(), false, false, false, false,
                List.of(), null, List.of(), cut);
    }

    /** {@code string}, {@code Pet[]}, {@code object}, {@code file}; the reference's name when nothing else says it. */
    private String label(Schema<?> s, String refName) {
        if (Schemas.isFile(s)) {
            return "file";
        }
        String type = Schemas.type(s);
        if ("array".equals(type) || type == null && s.getItems() != null) {
            Schema<?> items = s.getItems();
            Schema<?> resolved = items == null ? null : refs.schema(items);
            String item = items == null ? "any" : items.get$ref() != null ? Refs.name(items.get$ref())
                    : resolved == null ? "any" : label(resolved, null);
            return item + "[]";
        }
        if (type != null) {
            return type;
        }
        if (s.getConst() != null) {
            return s.getConst() instanceof String ? "string" : s.getConst() instanceof Boolean ? "boolean"
                    : s.getConst() instanceof Number ? "number" : "any";
        }
        if (s.getProperties() != null || s.getAllOf() != null) {
            return "object";
        }
        if (s.getOneOf() != null || s.getAnyOf() != null) {
            return refName != null ? refName : s.getOneOf() != null ? "oneOf" : "anyOf";
        }
        return refName != null ? refName : "any";
    }

    static List<String> facts(Schema<?> s) {
        List<String> f = new ArrayList<>();
        BigDecimal exclusiveMin = s.getExclusiveMinimumValue();
        BigDecimal exclusiveMax = s.getExclusiveMaximumValue();
        if (s.getMinimum() != null) {
            f.add((Boolean.TRUE.equals(s.getExclusiveMinimum()) ? "greater than: " : "minimum: ") + s.getMinimum().toPlainString());
        }
        if (exclusiveMin != null) {
            f.add("greater than: " + exclusiveMin.toPlainString());
        }
        if (s.getMaximum() != null) {
            f.add((Boolean.TRUE.equals(s.getExclusiveMaximum()) ? "less than: " : "maximum: ") + s.getMaximum().toPlainString());
        }
        if (exclusiveMax != null) {
            f.add("less than: " + exclusiveMax.toPlainString());
        }
        if (s.getMultipleOf() != null) {
            f.add("multiple of: " + s.getMultipleOf().toPlainString());
        }
        add(f, "minLength", s.getMinLength());
        add(f, "maxLength", s.getMaxLength());
        if (s.getPattern() != null) {
            f.add("pattern: " + s.getPattern());
        }
        add(f, "minItems", s.getMinItems());
        add(f, "maxItems", s.getMaxItems());
        if (Boolean.TRUE.equals(s.getUniqueItems())) {
            f.add("unique items");
        }
        add(f, "minProperties", s.getMinProperties());
        add(f, "maxProperties", s.getMaxProperties());
        if (s.getDefault() != null) {
            f.add("default: " + text(s.getDefault()));
        }
        if (s.getDiscriminator() != null && s.getDiscriminator().getPropertyName() != null) {
            StringBuilder d = new StringBuilder("discriminator: " + s.getDiscriminator().getPropertyName());
            Map<String, String> mapping = s.getDiscriminator().getMapping();
            if (mapping != null && !mapping.isEmpty()) {
                d.append(" (");
                mapping.forEach((value, target) -> d.append(value).append(" → ").append(Refs.name(target)).append(", "));
                d.setLength(d.length() - 2);
                d.append(')');
            }
            f.add(d.toString());
        }
        if (s.getExample() != null) {
            f.add("example: " + text(s.getExample()));
        } else if (s.getExamples() != null && !s.getExamples().isEmpty()) {
            f.add("example: " + text(s.getExamples().get(0)));
        }
        return List.copyOf(f);
    }

    private static List<String> enumValues(Schema<?> s) {
        List<String> values = new ArrayList<>();
        if (s.getEnum() != null) {
            s.getEnum().stream().limit(100).forEach(v -> values.add(text(v)));
        }
        if (s.getConst() != null) {
            values.add(text(s.getConst()));
        }
        return List.copyOf(values);
    }

    private static void add(List<String> f, String label, Integer value) {
        if (value != null) {
            f.add(label + ": " + value);
        }
    }

    /** A value from the document as text: strings as they are, anything else as JSON. */
    public static String text(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return s;
        }
        try {
            return Mappers.JSON.writeValueAsString(value);
        } catch (Exception e) {
            return String.valueOf(value);
        }
    }
}
