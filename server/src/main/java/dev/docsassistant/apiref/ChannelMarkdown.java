package dev.docsassistant.apiref;

import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;

/** An AsyncAPI channel as Markdown: address, servers, and each message with its payload's fields. */
public final class ChannelMarkdown {
    private ChannelMarkdown() {
    }

    public static String of(AsyncApiSpec.Channel c) {
        StringBuilder out = new StringBuilder("`").append(c.address()).append("`\n\n");
        if (!c.description().isBlank()) {
            out.append(c.description().strip()).append("\n\n");
        }
        if (!c.servers().isEmpty()) {
            out.append("## Servers\n\n");
            c.servers().forEach(s -> out.append("- `").append(s).append("`\n"));
            out.append('\n');
        }
        if (!c.messages().isEmpty()) {
            out.append("## Messages\n\n");
            for (AsyncApiSpec.Message m : c.messages()) {
                out.append("### ").append(m.title()).append("\n\n");
                if (!m.direction().isEmpty()) {
                    out.append("Direction: ").append(m.direction()).append("\n\n");
                }
                if (!m.summary().isBlank()) {
                    out.append(m.summary().strip()).append("\n\n");
                }
                SchemaNode payload = payload(m);
                if (payload != null) {
                    StringBuilder fields = new StringBuilder();
                    payload.children().forEach(f -> fields.append("- **`").append(f.name()).append("`** (").append(f.type())
                            .append(f.required() ? ", required" : "").append(")")
                            .append(f.description() == null ? "" : ": " + f.description().strip().replaceAll("\\s*\n\\s*", " "))
                            .append('\n'));
                    out.append(fields.isEmpty() ? "Payload: " + payload.type() + "\n" : fields).append('\n');
                }
            }
        }
        return out.toString().strip() + "\n";
    }

    /** A message's payload as a field tree, or null when it has none. */
    public static SchemaNode payload(AsyncApiSpec.Message m) {
        if (m.payload() == null) {
            return null;
        }
        Schema<?> schema = Json.mapper().convertValue(m.payload(), Schema.class);
        return SchemaTrees.of(new OpenAPI(), schema, SchemaTrees.Direction.ANY);
    }
}
