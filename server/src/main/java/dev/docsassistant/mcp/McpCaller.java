package dev.docsassistant.mcp;

import io.modelcontextprotocol.common.McpTransportContext;

import java.util.List;

/**
 * What the tools know of the client behind one MCP request, carried in the SDK's transport context.
 *
 * @param groups  the access groups it may see: those its key holds (none without a key or with a page
 *                key), the same reach that key has over the REST API
 * @param baseUrl the site's address as the client reached it ({@code http://acme.localhost:8080}
 *                or {@code …/sites/acme}), for absolute page links
 */
record McpCaller(List<String> groups, String baseUrl) {
    static final String KEY = "docs-assistant.caller";

    McpCaller {
        groups = List.copyOf(groups);
    }

    static McpCaller of(McpTransportContext context) {
        return (McpCaller) context.get(KEY);
    }

    /** The page's address for the client: the site's base URL plus the page path (and anchor). */
    String link(String path) {
        return baseUrl + (path.startsWith("/") ? path : "/" + path);
    }
}
