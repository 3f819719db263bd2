package dev.docsassistant.edges;

import dev.docsassistant.app.App;
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
        server.addFeature(Observe.feature(app.state()));
        server.routing(routing -> RestEdge.routing(routing, app));
        return GrpcSetup.configure(server, app);
    }
}
