package dev.docsassistant.apiref;

import java.util.Map;
import java.util.Optional;

/**
 * {@code x-mint.mcp} of an operation, as Mintlify documents it: {@code {enabled, name?, description?}}
 * makes the operation a tool of the site's MCP server. {@code enabled} at the document's root
 * ({@code x-mint.mcp}, or the older {@code x-mcp}) applies to every operation that does not say
 * otherwise. Webhooks are never tools (the API calls them, not the reader).
 *
 * @param name        the tool's name: {@code x-mint.mcp.name}, else the operation id, else method and path,
 *                    cut to the characters and length MCP tool names allow
 * @param description {@code x-mint.mcp.description}, else the summary and description
 */
public record McpTool(String name, String description) {
    /** MCP tool names: letters, digits, {@code _}, {@code -} and {@code .}, at most 64 characters (MCP spec). */
    static final int MAX_NAME = 64;

    /** The tool an endpoint is, or empty when it is not enabled. */
    public static Optional<McpTool> of(Endpoint e) {
        if (e.webhook()) {
            return Optional.empty();
        }
        Map<?, ?> own = e.xMint().get("mcp") instanceof Map<?, ?> m ? m : Map.of();
        Object enabled = own.get("enabled");
        if (enabled == null) {
            enabled = documentEnabled(e);
        }
        if (!Boolean.TRUE.equals(enabled)) {
            return Optional.empty();
        }
        String name = own.get("name") instanceof String n && !n.isBlank() ? n
                : e.operationId() != null && !e.operationId().isBlank() ? e.operationId() : e.method() + " " + e.path();
        String description = own.get("description") instanceof String d && !d.isBlank() ? d.strip()
                : (e.title() + (e.description().isEmpty() ? "" : "\n\n" + e.description())).strip();
        return Optional.of(new McpTool(clean(name), description + "\n\nCalls " + e.method() + " " + e.path() + "."));
    }

    private static Object documentEnabled(Endpoint e) {
        Map<String, Object> root = e.model().getExtensions() == null ? Map.of() : e.model().getExtensions();
        for (String key : new String[] {"x-mint", "x-mcp"}) {
            Object node = root.get(key);
            if (key.equals("x-mint") && node instanceof Map<?, ?> m) {
                node = m.get("mcp");
            }
            if (node instanceof Map<?, ?> m && m.get("enabled") instanceof Boolean b) {
                return b;
            }
        }
        return null;
    }

    private static String clean(String name) {
        String c = name.strip().replaceAll("[^A-Za-z0-9_.-]+", "_").replaceAll("^_+|_+$", "");
        c = c.isEmpty() ? "operation" : c;
        return c.length() > MAX_NAME ? c.substring(0, MAX_NAME) : c;
    }
}
