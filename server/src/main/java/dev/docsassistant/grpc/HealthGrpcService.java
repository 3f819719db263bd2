package dev.docsassistant.grpc;

import com.google.protobuf.Descriptors;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.health.v1.HealthProto;
import io.grpc.protobuf.services.HealthStatusManager;
import io.helidon.webserver.grpc.GrpcService;

/**
 * The standard {@code grpc.health.v1.Health} service (grpc-java's implementation), registered with its
 * descriptor so reflection describes it too.
 */
final class HealthGrpcService implements GrpcService {
    private final HealthGrpc.AsyncService health;

    HealthGrpcService(HealthStatusManager manager) {
        this.health = (HealthGrpc.AsyncService) manager.getHealthService();
    }

    @Override
    public Descriptors.FileDescriptor proto() {
        return HealthProto.getDescriptor();
    }

    @Override
    public String serviceName() {
        return HealthGrpc.SERVICE_NAME;
    }

    @Override
    public void update(Routing routing) {
        routing.unary("Check", health::check)
                .serverStream("Watch", health::watch);
    }
}
