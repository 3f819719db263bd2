package dev.docsassistant.grpc;

import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.sites.Sites;
import io.grpc.ServerInterceptor;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.protobuf.services.HealthStatusManager;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.grpc.GrpcReflectionFeature;
import io.helidon.webserver.grpc.GrpcRouting;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The gRPC edge on the HTTP server's own port (HTTP/2 beside HTTP/1.1): the assistant
 * service, the standard health service and server reflection.
 */
public final class GrpcSetup {
    private GrpcSetup() {
    }

    /**
     * @return what to run when the server is about to stop: health checks then answer NOT_SERVING, so
     * load balancers and probes stop sending calls before the port closes
     */
    public static Runnable configure(WebServerConfig.Builder server, App app, ServerInterceptor... outermost) {
        return configure(server, app.assistant(), app.sites(), app.assistantRules(), app.access(), outermost);
    }

    /**
     * Wires the edge over a given core (tests use it with their own answer generator).
     *
     * @param outermost interceptors that see every call first (the connection guard marks HTTP/2 connections)
     */
    public static Runnable configure(WebServerConfig.Builder server, AssistantService assistant, Sites sites,
                                     AssistantRules rules, AccessCheck access, ServerInterceptor... outermost) {
        HelidonGrpcLog.install();
        HealthStatusManager health = new HealthStatusManager();
        health.setStatus(HealthStatusManager.SERVICE_NAME_ALL_SERVICES, HealthCheckResponse.ServingStatus.SERVING);
        health.setStatus(AssistantServiceGrpc.SERVICE_NAME, HealthCheckResponse.ServingStatus.SERVING);
        // Interceptors first (a service takes those registered before it), the outermost first.
        GrpcRouting.Builder routing = GrpcRouting.builder();
        if (outermost.length > 0) {
            routing.intercept(outermost);
        }
        ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "grpc-deadlines");
            t.setDaemon(true);
            return t;
        });
        server.addFeature(new StopsWithServer("grpc-deadlines", deadlines::shutdownNow));
        routing.intercept(new StatusMessages(), new CallContexts(deadlines), new AccessInterceptor(access))
                .service(new AssistantGrpcService(assistant, sites, rules))
                .service(new HealthGrpcService(health));
        server.addRouting(routing);
        server.addFeature(GrpcReflectionFeature.create(reflection -> reflection.enabled(true)));
        return health::enterTerminalState;
    }
}
