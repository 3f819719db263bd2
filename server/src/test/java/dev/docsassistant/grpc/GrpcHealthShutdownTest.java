package dev.docsassistant.grpc;

import dev.docsassistant.edges.ServerSetup;
import dev.docsassistant.testing.TestApps;
import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Before the server stops, health checks answer NOT_SERVING so probes and balancers move away first. */
class GrpcHealthShutdownTest {

    @Test
    void healthTurnsNotServingBeforeTheServerStops() throws Exception {
        WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
        Runnable beforeStop = ServerSetup.configure(builder, TestApps.corpora());
        WebServer server = builder.build().start();
        ManagedChannel channel = GrpcClients.channel(server.port());
        try {
            var health = HealthGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
            assertEquals(ServingStatus.SERVING, health.check(HealthCheckRequest.getDefaultInstance()).getStatus());
            beforeStop.run();
            var after = HealthGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
            assertEquals(ServingStatus.NOT_SERVING, after.check(HealthCheckRequest.getDefaultInstance()).getStatus());
        } finally {
            GrpcClients.close(channel);
            server.stop();
        }
    }
}
