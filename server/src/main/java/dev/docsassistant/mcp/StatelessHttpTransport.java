package dev.docsassistant.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The MCP SDK's stateless server transport, without servlets: the SDK hands it the server's
 * JSON-RPC handler, and {@link McpRoutes} feeds it the body of each {@code POST /mcp} already checked
 * at the HTTP level. A request gets its JSON-RPC response (200, {@code application/json}); a
 * notification or a client's response gets 202 and no body. This is the Streamable HTTP transport
 * without sessions: no {@code Mcp-Session-Id}, no server-initiated stream.
 */
final class StatelessHttpTransport implements McpStatelessServerTransport {
    private static final Logger LOG = Logger.getLogger(StatelessHttpTransport.class.getName());

    /** What to send back: an HTTP status and a JSON body, or null for none. */
    record Reply(int status, String json) {
    }

    private final McpJsonMapper json;
    private volatile McpStatelessServerHandler handler;
    private volatile boolean closing;

    StatelessHttpTransport(McpJsonMapper json) {
        this.json = json;
    }

    @Override
    public void setMcpHandler(McpStatelessServerHandler handler) {
        this.handler = handler;
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> closing = true);
    }

    /** Handles one JSON-RPC message on the calling (virtual) thread. */
    Reply handle(String body, McpTransportContext context) {
        if (closing) {
            return error(503, null, McpSchema.ErrorCodes.INTERNAL_ERROR, "the server is shutting down");
        }
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(json, body);
        } catch (IOException | IllegalArgumentException e) {
            return error(400, null, McpSchema.ErrorCodes.PARSE_ERROR,
                    "the body must be one JSON-RPC 2.0 request or notification: " + e.getMessage());
        }
        try {
            if (message instanceof McpSchema.JSONRPCRequest request) {
                McpSchema.JSONRPCResponse response = handler.handleRequest(context, request)
                        .contextWrite(ctx -> ctx.put(McpTransportContext.KEY, context))
                        .block();
                return new Reply(200, json.writeValueAsString(response));
            }
            if (message instanceof McpSchema.JSONRPCNotification notification) {
                handler.handleNotification(context, notification)
                        .contextWrite(ctx -> ctx.put(McpTransportContext.KEY, context))
                        .block();
            }
            // A client's answer to a server request needs nothing: a stateless server asks none.
            return new Reply(202, null);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "MCP message failed", e);
            Object id = message instanceof McpSchema.JSONRPCRequest r ? r.id() : null;
            return error(500, id, McpSchema.ErrorCodes.INTERNAL_ERROR, "internal error");
        }
    }

    /**
     * A JSON-RPC error response. Its {@code id} is null when the request could not be read or was
     * refused before it was (JSON-RPC 2.0 §5), which the SDK's response record does not allow.
     */
    Reply error(int status, Object id, int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("jsonrpc", McpSchema.JSONRPC_VERSION);
        error.put("id", id);
        error.put("error", Map.of("code", code, "message", message));
        try {
            return new Reply(status, json.writeValueAsString(error));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
