package dev.docsassistant.grpc;

import dev.docsassistant.transport.CallContexts;
import dev.docsassistant.transport.HelidonGrpcLog;
import dev.docsassistant.transport.StatusMessages;

import dev.docsassistant.app.App;
import dev.docsassistant.app.ServerState;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.proto.v1.AssistantProto;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.sites.Sites;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.protobuf.services.HealthStatusManager;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.grpc.GrpcReflectionFeature;
import io.helidon.webserver.grpc.GrpcRouting;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

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
        return configure(server, app.assistant(), app.sites(), app.assistantRules(), app.access(), app.insightsLog(),
                Optional.of(app.state()), app.settings().stream().reasoning(), outermost);
    }

    /** Wires the edge over a given core (tests use it with their own answer generator), always serving. */
    public static Runnable configure(WebServerConfig.Builder server, AssistantService assistant, Sites sites,
                                     AssistantRules rules, AccessCheck access, InsightsLog insights) {
        return configure(server, assistant, sites, rules, access, insights, Optional.empty(), false);
    }

    /**
     * The assistant service behind the same interceptors, for a plain grpc-java server: the latency
     * benchmark's reference for what Helidon's HTTP/2 costs. Health and reflection stay on the HTTP port.
     *
     * @param deadlines the scheduler that cancels calls at their deadline
     */
    public static ServerServiceDefinition plainService(App app, ScheduledExecutorService deadlines) {
        AssistantGrpcService service = new AssistantGrpcService(app.assistant(), app.sites(), app.assistantRules(),
                app.insightsLog(), app.settings().stream().reasoning());
        // grpc-java calls the last interceptor first.
        return ServerInterceptors.intercept(service, interceptors(app.access(), app.state()::draining, deadlines).reversed());
    }

    /**
     * The calls' interceptors, the outermost first. Exceptions become statuses innermost: their
     * answers then pass the access check's metadata and the encoder.
     */
    private static List<ServerInterceptor> interceptors(AccessCheck access, BooleanSupplier draining,
                                                        ScheduledExecutorService deadlines) {
        return List.of(new CallMetrics(draining), new StatusMessages(), new CallContexts(deadlines),
                new AccessInterceptor(access), new ErrorStatuses());
    }

    /**
     * Health follows {@code state} when given: NOT_SERVING while the server is not ready (a site, the
     * store or Redis down) and from the moment it starts draining, as HTTP readiness does.
     *
     * @param reasoning relay a model's reasoning ({@code stream.reasoning})
     * @param outermost interceptors that see every call first (the connection guard marks HTTP/2 connections)
     */
    private static Runnable configure(WebServerConfig.Builder server, AssistantService assistant, Sites sites,
                                      AssistantRules rules, AccessCheck access, InsightsLog insights,
                                      Optional<ServerState> state, boolean reasoning, ServerInterceptor... outermost) {
        HelidonGrpcLog.install();
        HealthStatusManager health = new HealthStatusManager();
        Consumer<Boolean> serving = ready -> {
            var status = ready ? HealthCheckResponse.ServingStatus.SERVING : HealthCheckResponse.ServingStatus.NOT_SERVING;
            health.setStatus(HealthStatusManager.SERVICE_NAME_ALL_SERVICES, status);
            health.setStatus(AssistantServiceGrpc.SERVICE_NAME, status);
        };
        state.ifPresentOrElse(s -> s.onChange(serving), () -> serving.accept(true));
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
        routing.intercept(interceptors(access, () -> state.map(ServerState::draining).orElse(false), deadlines)
                        .toArray(ServerInterceptor[]::new))
                .service(AssistantProto.getDescriptor(), new AssistantGrpcService(assistant, sites, rules, insights, reasoning))
                .service(new HealthGrpcService(health));
        server.addRouting(routing);
        // On the public port only: the feature goes to every socket by default and warns at each start
        // that the management listener, which serves no gRPC, has no routes for it.
        server.addFeature(GrpcReflectionFeature.create(reflection -> reflection.enabled(true)
                .addSocket(WebServer.DEFAULT_SOCKET_NAME)));
        return health::enterTerminalState;
    }
}
