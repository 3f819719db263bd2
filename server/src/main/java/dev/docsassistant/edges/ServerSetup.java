package dev.docsassistant.edges;

import dev.docsassistant.app.App;
import dev.docsassistant.dashboard.Dashboard;
import dev.docsassistant.grpc.GrpcSetup;
import dev.docsassistant.http.RestEdge;
import io.helidon.common.socket.SocketOptions;
import io.helidon.webserver.WebServerConfig;

/**
 * Wires both edges, REST and gRPC, onto one web server (one port for both); shared by {@code serve},
 * the tests and the benchmarks. Neither edge knows the other: they meet only here.
 */
public final class ServerSetup {
    private ServerSetup() {
    }

    /** @return what to run just before the server stops (health checks turn NOT_SERVING) */
    public static Runnable configure(WebServerConfig.Builder server, App app) {
        // Without TCP_NODELAY, small stream events wait for delayed ACKs (~40 ms stalls).
        server.connectionOptions(SocketOptions.builder().tcpNoDelay(true).build());
        server.routing(routing -> {
            routing.register("/dashboard", new Dashboard(app)); // before the REST edge's catch-all site pages
            RestEdge.routing(routing, app);
        });
        return GrpcSetup.configure(server, app);
    }
}
