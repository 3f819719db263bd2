package dev.docsassistant.grpc;

import dev.docsassistant.app.App;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.TestApps;
import io.grpc.ManagedChannel;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.StreamObserver;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reflection is registered on the public port, where the gRPC routes are, and nowhere else: the
 * management listener has none, and starting the server warns about nothing there.
 */
class ReflectionSocketsTest {
    @Test
    void reflectionServesThePublicPortAndStartingWarnsOfNoOtherSocket() throws Exception {
        App app = TestApps.exampleSite("site-pages: {page-keys: false}");
        WebServer server;
        try (CapturedLogs logs = CapturedLogs.all()) {
            WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
            ServerSetup.configure(builder, app);
            server = builder.build().start();
            assertFalse(logs.text().contains("reflection"), logs.text());
        }
        ManagedChannel channel = GrpcClients.channel(server.port());
        try {
            CompletableFuture<ServerReflectionResponse> answer = new CompletableFuture<>();
            StreamObserver<ServerReflectionRequest> send = ServerReflectionGrpc.newStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                    .serverReflectionInfo(new StreamObserver<>() {
                        @Override
                        public void onNext(ServerReflectionResponse value) {
                            answer.complete(value);
                        }

                        @Override
                        public void onError(Throwable t) {
                            answer.completeExceptionally(t);
                        }

                        @Override
                        public void onCompleted() {
                        }
                    });
            send.onNext(ServerReflectionRequest.newBuilder().setListServices("*").build());
            List<String> services = answer.get(10, TimeUnit.SECONDS).getListServicesResponse().getServiceList().stream()
                    .map(ServiceResponse::getName).toList();
            send.onCompleted();
            assertTrue(services.contains(AssistantServiceGrpc.SERVICE_NAME), services.toString());
        } finally {
            GrpcClients.close(channel);
            server.stop();
            app.close();
        }
    }
}
