package dev.docsassistant.http;

import dev.docsassistant.App;
import dev.docsassistant.render.Injected;
import io.helidon.common.socket.SocketOptions;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http.HttpRouting;

import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Wires the HTTP (and later gRPC) edges onto a web server; shared by {@code serve} and the tests. */
public final class ServerSetup {
    private static final Logger LOG = Logger.getLogger(ServerSetup.class.getName());

    private ServerSetup() {
    }

    public static void configure(WebServerConfig.Builder server, App app) {
        // Without TCP_NODELAY, small stream events wait for delayed ACKs (~40 ms stalls).
        server.connectionOptions(SocketOptions.builder().tcpNoDelay(true).build());
        server.routing(routing -> routing(routing, app));
    }

    static void routing(HttpRouting.Builder routing, App app) {
        SiteRoutes sites = new SiteRoutes(app, site -> Injected.NONE);
        routing.error(ApiException.class, (req, res, e) -> Json.sendError(res, e.status(), e.getMessage()))
                .error(RuntimeException.class, (req, res, e) -> {
                    LOG.log(Level.SEVERE, "unhandled error on " + req.prologue().method() + " " + req.path().path(), e);
                    if (!res.isSent()) {
                        Json.sendError(res, 500, "internal server error");
                    }
                })
                .get("/health", (req, res) -> Json.send(res, 200, Map.of("status", "UP")))
                .register("/v1", new SearchRoutes(app.sites()))
                .register("/v1", new FeedbackRoutes(app.sites()))
                .register(new AssistantRoutes(app.assistant(), app.config().section()));
        sites.routing(routing);
        // Host-based pages ({domain}.{site-host}) take whatever path no API route claimed.
        sites.hostRouting(routing);
    }
}
