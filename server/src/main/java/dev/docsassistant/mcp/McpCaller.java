package dev.docsassistant.mcp;

import dev.docsassistant.assistant.ThreadCaller;
import dev.docsassistant.security.Caller;
import io.modelcontextprotocol.common.McpTransportContext;

import java.util.List;

/**
 * What the tools know of the client behind one MCP request, carried in the SDK's transport context.
 *
 * @param who     the granted caller: its access groups are those its key holds (none without a key or
 *                with a page key), the same reach that key has over the REST API
 * @param baseUrl the site's address as the client reached it ({@code http://acme.localhost:8080}
 *                or {@code …/sites/acme}), for absolute page links
 */
record McpCaller(Caller who, String baseUrl) {
    static final String KEY = "docs-assistant.caller";

    /** The access groups the client may see. */
    List<String> groups() {
        return who.groups();
    }

    /** The client as the threads of its answers know it. */
    ThreadCaller thread() {
        return ThreadCaller.of(who);
    }

    static McpCaller of(McpTransportContext context) {
        return (McpCaller) context.get(KEY);
    }

    /** The page's address for the client: the site's base URL plus the page path (and anchor). */
    String link(String path) {
        return baseUrl + (path.startsWith("/") ? path : "/" + path);
    }
}
