package dev.docsassistant.server;

import dev.docsassistant.app.ServedHosts;
import dev.docsassistant.transport.AuthoritySelector;
import dev.docsassistant.transport.ConnectionGuard;
import dev.docsassistant.transport.ConnectionSettings;
import dev.docsassistant.transport.GuardedSocketOptions;
import dev.docsassistant.transport.Http1Selector;
import dev.docsassistant.transport.JsonDirectHandler;
import dev.docsassistant.transport.QuietConnectionLog;

import dev.docsassistant.app.App;
import dev.docsassistant.dashboard.Dashboard;
import dev.docsassistant.grpc.GrpcSetup;
import dev.docsassistant.rest.RestEdge;
import dev.docsassistant.mcp.McpRoutes;
import dev.docsassistant.mcp.McpSettings;
import io.helidon.webserver.WebServerConfig;

/**
 * Wires the edges, REST (with MCP beside it) and gRPC, onto one web server (one port for both); shared by {@code serve},
 * the tests and the benchmarks. Neither edge knows the other: they meet only here, behind the
 * connection guard (timeouts, per-address limits) and the JSON answers to protocol errors.
 */
public final class ServerSetup {
    private ServerSetup() {
    }

    /** @return what to run just before the server stops (health checks turn NOT_SERVING) */
    public static Runnable configure(WebServerConfig.Builder server, App app) {
        return configure(server, app, ConnectionSettings.from(app.config().section().get("connections")));
    }

    /** As {@link #configure(WebServerConfig.Builder, App)} with given connection limits (tests use short ones). */
    public static Runnable configure(WebServerConfig.Builder server, App app, ConnectionSettings connections) {
        return configure(server, app, connections, DevHooks.NONE);
    }

    /**
     * As {@link #configure(WebServerConfig.Builder, App)}, with the {@code dev} command's routes (before every
     * other route) and what it adds to every rendered page.
     */
    public static Runnable configure(WebServerConfig.Builder server, App app, DevHooks dev) {
        return configure(server, app, ConnectionSettings.from(app.config().section().get("connections")), dev);
    }

    private static Runnable configure(WebServerConfig.Builder server, App app, ConnectionSettings connections, DevHooks dev) {
        ConnectionGuard guard = new ConnectionGuard(connections, app.security().proxies()::trusts);
        server.connectionOptions(GuardedSocketOptions.noDelay(guard));
        server.addConnectionSelector(new Http1Selector(server.protocols(), guard));
        // gRPC's :authority meets the host rule of the HTTP routes (HostFilter) here, before any call starts.
        ServedHosts hosts = app.settings().hosts();
        server.addConnectionSelector(new AuthoritySelector(server.protocols(), authority -> switch (hosts.match(authority).kind()) {
            case SITE, LOOPBACK, API -> true;
            case DASHBOARD, UNKNOWN -> false;
        }));
        server.directHandlers(JsonDirectHandler.all());
        QuietConnectionLog.install(); // clients that leave mid-answer are counted, not WARNINGs with stack traces
        // Helidon's own error texts (never the request's bytes: those it marks unsafe) go into {"message"}.
        server.errorHandling(errors -> errors.includeEntity(true));
        ServerSettings settings = ServerSettings.from(app.config().config().get("server"));
        // Health details and metrics on a listener of their own, never on the public port.
        ManagementListener.configure(server, settings, connections);
        server.addFeature(Observe.feature(app.state()));
        McpRoutes mcp = new McpRoutes(app, McpSettings.from(app.config().section()));
        server.routing(routing -> {
            routing.addFeature(guard);
            // First of all: a host the configuration does not name reaches nothing (DNS rebinding).
            routing.addFilter(new HostFilter(app.settings().hosts()));
            dev.routes().accept(routing);
            // Before the REST edge: its rendered-site routes take every path of a site's host name.
            mcp.routing(routing);
            if (dev.dashboard()) {
                routing.register("/dashboard", new Dashboard(app)); // before the REST edge's catch-all site pages
            }
            // Push webhooks of the Git sites at /hooks/git/{domain}: before the sites' catch-all pages.
            RestEdge.routing(routing, app, java.util.Optional.of(app.git().source()), dev.pages());
        });
        app.startBackground(); // Git polling and watched folders: one thread each, for all sites
        Runnable grpcStopping = GrpcSetup.configure(server, app, guard.grpcMarker());
        return () -> {
            mcp.close(); // new MCP messages get 503 while the server drains
            grpcStopping.run();
        };
    }
}
