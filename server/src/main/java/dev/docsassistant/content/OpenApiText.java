package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * The readable text of one OpenAPI operation, for {@code openapi:} pages whose body is only a
 * reference: summary, description, parameters, request body fields and responses as Markdown.
 */
final class OpenApiText {
    private static final int MAX_SCHEMA_DEPTH = 3;

    private final JsonNode spec;
    private final StringBuilder out = new StringBuilder();

    private OpenApiText(JsonNode spec) {
        this.spec = spec;
    }

    /** The operation's Markdown, or null when the spec has no such method and path. */
    static String of(JsonNode spec, String method, String path) {
        JsonNode operation = spec.path("paths").path(path).path(method.toLowerCase(Locale.ROOT));
        if (!operation.isObject()) {
            operation = spec.path("webhooks").path(path).path(method.toLowerCase(Locale.ROOT));
        }
        if (!operation.isObject()) {
            return null;
        }
        return new OpenApiText(spec).operation(method.toUpperCase(Locale.ROOT), path, operation);
    }

    private String operation(String method, String path, JsonNode op) {
        out.append("`").append(method).append(' ').append(path).append("`\n\n");
        line(op.path("summary"));
        line(op.path("description"));
        JsonNode params = op.path("parameters");
        JsonNode pathParams = spec.path("paths").path(path).path("parameters");
        if (params.size() + pathParams.size() > 0) {
            out.append("## Parameters\n\n");
            pathParams.forEach(this::parameter);
            params.forEach(this::parameter);
            out.append('\n');
        }
        JsonNode body = deref(op.path("requestBody"));
        JsonNode bodySchema = firstSchema(body.path("content"));
        if (!bodySchema.isMissingNode()) {
            out.append("## Body\n\n");
            line(body.path("description"));
            schema(bodySchema, 0);
            out.append('\n');
        }
        JsonNode responses = op.path("responses");
        if (responses.isObject() && !responses.isEmpty()) {
            out.append("## Responses\n\n");
            for (Iterator<Map.Entry<String, JsonNode>> it = responses.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode response = deref(e.getValue());
                out.append("- `").append(e.getKey()).append("`: ").append(oneLine(response.path("description"))).append('\n');
                JsonNode schema = firstSchema(response.path("content"));
                if (!schema.isMissingNode()) {
                    schema(schema, 1);
                }
            }
        }
        return out.toString().strip() + "\n";
    }

    private void parameter(JsonNode p) {
        JsonNode param = deref(p);
        if (!param.path("name").isTextual()) {
            return;
        }
        JsonNode schema = deref(param.path("schema"));
        out.append("- **`").append(param.path("name").asText()).append("`** (")
                .append(param.path("in").asText("")).append(schema.path("type").isTextual() ? ", " + schema.path("type").asText() : "")
                .append(param.path("required").asBoolean(false) ? ", required" : "").append(")");
        String description = oneLine(param.path("description"));
        out.append(description.isEmpty() ? "" : ": " + description).append('\n');
    }

    private void schema(JsonNode node, int depth) {
        JsonNode schema = deref(node);
        if (depth > MAX_SCHEMA_DEPTH) {
            return;
        }
        if (schema.path("type").asText("").equals("array")) {
            schema(schema.path("items"), depth);
            return;
        }
        for (String combinator : new String[]{"allOf", "oneOf", "anyOf"}) {
            schema.path(combinator).forEach(part -> schema(part, depth));
        }
        JsonNode properties = schema.path("properties");
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode prop = deref(e.getValue());
            boolean required = false;
            for (JsonNode r : schema.path("required")) {
                required |= r.asText().equals(e.getKey());
            }
            out.append("  ".repeat(depth)).append("- **`").append(e.getKey()).append("`**")
                    .append(prop.path("type").isTextual() ? " (" + prop.path("type").asText() + (required ? ", required" : "") + ")"
                            : required ? " (required)" : "");
            String description = oneLine(prop.path("description"));
            out.append(description.isEmpty() ? "" : ": " + description);
            if (prop.path("enum").isArray()) {
                out.append(" One of: ");
                prop.path("enum").forEach(v -> out.append('`').append(v.asText()).append("` "));
            }
            out.append('\n');
            schema(prop, depth + 1);
        }
    }

    private static JsonNode firstSchema(JsonNode content) {
        Iterator<JsonNode> media = content.elements();
        return media.hasNext() ? media.next().path("schema") : com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    /** Follows a local {@code $ref} ({@code #/components/...}); other nodes are returned as they are. */
    private JsonNode deref(JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; hops < 8 && current.path("$ref").isTextual(); hops++) {
            String ref = current.path("$ref").asText();
            if (!ref.startsWith("#/")) {
                break;
            }
            current = spec.at(ref.substring(1));
        }
        return current;
    }

    private void line(JsonNode text) {
        if (text.isTextual() && !text.asText().isBlank()) {
            out.append(text.asText().strip()).append("\n\n");
        }
    }

    private static String oneLine(JsonNode text) {
        return text.isTextual() ? text.asText().strip().replaceAll("\\s*\n\\s*", " ") : "";
    }
}
