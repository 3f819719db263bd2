package dev.docsassistant.apiref;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;

import java.util.List;
import java.util.Map;

/**
 * An endpoint as Markdown: what search indexes, the {@code .md} view, {@code llms-full.txt} and MCP
 * carry. Method and path first, then the operation id, authentication, parameters by place, the
 * request body's fields and the responses' fields, each nested list bounded as the page's tree is.
 */
public final class EndpointMarkdown {
    private final StringBuilder out = new StringBuilder();

    private EndpointMarkdown() {
    }

    /** @param withDescription whether the operation's description goes in (not when it is the page's description already) */
    public static String of(Endpoint e, boolean withDescription) {
        EndpointMarkdown m = new EndpointMarkdown();
        m.out.append('`').append(e.webhook() ? "WEBHOOK " + e.method() : e.method()).append(' ').append(e.path()).append("`\n\n");
        if (e.operationId() != null) {
            m.out.append("Operation ID: `").append(e.operationId()).append("`\n\n");
        }
        if (e.deprecated()) {
            m.out.append("**Deprecated.**\n\n");
        }
        if (withDescription && !e.description().isEmpty()) {
            m.out.append(e.description()).append("\n\n");
        }
        List<String> auth = Security.describe(e);
        if (!auth.isEmpty()) {
            m.out.append("## Authorization\n\n");
            auth.forEach(a -> m.out.append("- ").append(a).append('\n'));
            m.out.append('\n');
        }
        m.parameters(e);
        m.body(e);
        m.responses(e);
        return m.out.toString().strip() + "\n";
    }

    /** A schema of {@code components.schemas} as Markdown, for {@code openapi-schema:} pages. */
    public static String ofSchema(OpenAPI model, String name, Schema<?> schema) {
        EndpointMarkdown m = new EndpointMarkdown();
        SchemaNode root = SchemaTrees.of(model, schema, SchemaTrees.Direction.ANY);
        m.out.append('`').append(name).append("` (").append(root.type()).append(")\n\n");
        if (root.description() != null) {
            m.out.append(root.description().strip()).append("\n\n");
        }
        m.tree(root, 0);
        return m.out.toString().strip() + "\n";
    }

    private void parameters(Endpoint e) {
        List<Parameter> params = e.parameters();
        for (String in : Endpoint.LOCATIONS) {
            List<Parameter> here = params.stream().filter(p -> in.equals(p.getIn())).limit(Endpoint.MAX_PARAMETERS).toList();
            if (here.isEmpty()) {
                continue;
            }
            out.append("## ").append(Character.toUpperCase(in.charAt(0))).append(in.substring(1)).append(" parameters\n\n");
            for (Parameter p : here) {
                Schema<?> schema = p.getSchema() == null ? null : e.refs().schema(p.getSchema());
                SchemaNode node = schema == null ? null : SchemaTrees.of(e.model(), p.getSchema(), SchemaTrees.Direction.REQUEST);
                out.append("- **`").append(p.getName()).append("`** (").append(node == null ? "string" : node.type())
                        .append(Boolean.TRUE.equals(p.getRequired()) ? ", required" : "")
                        .append(Boolean.TRUE.equals(p.getDeprecated()) ? ", deprecated" : "").append(")");
                String description = oneLine(p.getDescription());
                out.append(description.isEmpty() ? "" : ": " + description);
                if (node != null) {
                    facts(node);
                }
                out.append('\n');
            }
            out.append('\n');
        }
    }

    private void body(Endpoint e) {
        RequestBody body = e.requestBody();
        if (body == null || body.getContent() == null || body.getContent().isEmpty()) {
            return;
        }
        out.append("## Body\n\n");
        if (body.getDescription() != null) {
            out.append(body.getDescription().strip()).append("\n\n");
        }
        for (Map.Entry<String, MediaType> media : body.getContent().entrySet()) {
            out.append("`").append(media.getKey()).append("`\n\n");
            if (media.getValue().getSchema() != null) {
                tree(SchemaTrees.of(e.model(), media.getValue().getSchema(), SchemaTrees.Direction.REQUEST), 0);
                out.append('\n');
            }
        }
    }

    private void responses(Endpoint e) {
        Map<String, ApiResponse> responses = e.responses();
        if (responses.isEmpty()) {
            return;
        }
        out.append("## Responses\n\n");
        responses.forEach((status, response) -> {
            out.append("- `").append(status).append("`: ").append(oneLine(response.getDescription())).append('\n');
            if (response.getContent() != null && !response.getContent().isEmpty()) {
                MediaType first = response.getContent().values().iterator().next();
                if (first.getSchema() != null) {
                    tree(SchemaTrees.of(e.model(), first.getSchema(), SchemaTrees.Direction.RESPONSE), 1);
                }
            }
        });
    }

    private void tree(SchemaNode node, int depth) {
        for (SchemaNode child : node.children()) {
            field(child, depth);
        }
        for (SchemaNode choice : node.choices()) {
            out.append("  ".repeat(depth)).append("- ").append(node.choiceKind().equals("oneOf") ? "One of" : "Any of")
                    .append(": **").append(choice.name()).append("** (").append(choice.type()).append(")\n");
            tree(choice, depth + 1);
        }
    }

    private void field(SchemaNode node, int depth) {
        out.append("  ".repeat(depth)).append("- **`").append(node.name()).append("`** (").append(node.type())
                .append(node.format() != null && !node.type().equals("file") ? ", " + node.format() : "")
                .append(node.required() ? ", required" : "").append(node.nullable() ? ", nullable" : "")
                .append(node.readOnly() ? ", read-only" : "").append(node.writeOnly() ? ", write-only" : "")
                .append(node.deprecated() ? ", deprecated" : "").append(")");
        String description = oneLine(node.description());
        out.append(description.isEmpty() ? "" : ": " + description);
        facts(node);
        if (node.cut() != null) {
            out.append(" (").append(node.cut()).append(')');
        }
        out.append('\n');
        tree(node, depth + 1);
    }

    private void facts(SchemaNode node) {
        if (!node.enumValues().isEmpty()) {
            out.append(" One of:");
            node.enumValues().forEach(v -> out.append(" `").append(v).append('`'));
            out.append('.');
        }
        node.facts().forEach(f -> out.append(" ").append(f).append('.'));
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s*\n\\s*", " ");
    }
}
