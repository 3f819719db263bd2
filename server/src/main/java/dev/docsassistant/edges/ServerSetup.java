package dev.docsassistant.edges;

import dev.docsassistant.app.App;
import dev.docsassistant.grpc.GrpcSetup;
import dev.docsassistant.http.RestEdge;
import dev.docsassistant.mcp.McpRoutes;
import io.helidon.common.socket.SocketOptions;
import io.helidon.webserver.WebServerConfig;

/**
 * Wires the edges, REST (with MCP beside it) and gRPC, onto one web server (one port for both); shared by {@code serve},
 * the tests and the benchmarks. Neither edge knows the other: they meet only here.
 */
public final class ServerSetup {
    private ServerSetup() {
    }

    /** @return what to run just before the server stops (health checks turn NOT_SERVING) */
    public static Runnable configure(WebServerConfig.Builder server, App app) {
        // Without TCP_NODELAY, small stream events wait for delayed ACKs (~40 ms stalls).
        server.connectionOptions(SocketOptions.builder().tcpNoDelay(true).build());
        server.addFeature(Observe.feature(app.state()));
        McpRoutes mcp = new McpRoutes(app);
        server.routing(routing -> {
            // Before the REST edge: its rendered-site routes take every path of a site's host name.
            mcp.routing(routing);
            RestEdge.routing(routing, app);
        });
        Runnable grpcStopping = GrpcSetup.configure(server, app);
        return () -> {
            mcp.close(); // new MCP messages get 503 while the server drains
            grpcStopping.run();
        };
    }
}
