package dev.docsassistant.grpc;

import com.google.rpc.RetryInfo;
import dev.docsassistant.app.App;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.GetPageRequest;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.proto.v1.SearchRequest;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.protobuf.StatusProto;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The access rule of REST, over gRPC: keys in the {@code authorization} metadata, organisations, rate limits. */
@ServerTest
class GrpcAccessTest {
    private static final int ORG_PER_HOUR = 3;
    private static App app;
    private static ManagedChannel channel;

    GrpcAccessTest(WebServer server) {
        synchronized (GrpcAccessTest.class) {
            if (channel == null) {
                channel = GrpcClients.channel(server.port());
            }
        }
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        app = TestApps.exampleSite("""
                limits:
                  organization-per-hour: %d
                  ip-per-day: 1000000
                sites:
                  - {domain: alpha-docs, organization: alpha, path: site}
                  - {domain: beta-docs, organization: beta, path: site}
                  - {domain: limits-docs, organization: limits, path: site}
                """.formatted(ORG_PER_HOUR));
        ServerSetup.configure(server, app);
    }

    @AfterAll
    static void close() throws InterruptedException {
        GrpcClients.close(channel);
        app.close();
    }

    private static String key(String organization) {
        return "Bearer " + app.keys().create(organization, Optional.empty(), List.of(), "test").secret();
    }

    private static AssistantServiceGrpc.AssistantServiceBlockingStub stub(String authorization) {
        var stub = AssistantServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
        return authorization == null ? stub : GrpcClients.authorized(stub, authorization);
    }

    private static List<MessageEvent> ask(AssistantServiceGrpc.AssistantServiceBlockingStub stub, String domain) {
        List<MessageEvent> events = new ArrayList<>();
        stub.createMessage(GrpcClients.question(domain, "How are failed deliveries retried?").build()).forEachRemaining(events::add);
        return events;
    }

    private static StatusRuntimeException refused(Runnable call) {
        return assertThrows(StatusRuntimeException.class, call::run);
    }

    @Test
    void withoutAUsableKeyEveryMethodIsUnauthenticated() {
        String revoked = key("alpha");
        app.keys().revoke(app.keys().find(revoked.substring(7)).orElseThrow().id());
        List<String[]> cases = List.of(
                new String[]{null, "missing Authorization header: send 'Authorization: Bearer svc_dsc_…'"},
                new String[]{"Basic YWxhZGRpbjpvcGVuc2VzYW1l", "Authorization must be 'Bearer svc_dsc_…'"},
                new String[]{"Bearer svc_dsc_unknown", "invalid key"},
                new String[]{revoked, "revoked"});
        for (String[] c : cases) {
            StatusRuntimeException e = refused(() -> ask(stub(c[0]), "alpha-docs"));
            assertEquals(Status.Code.UNAUTHENTICATED, e.getStatus().getCode(), c[1]);
            assertTrue(e.getStatus().getDescription().equals(c[1]) || c[1].equals("revoked")
                    && e.getStatus().getDescription().contains("revoked"), e.getStatus().getDescription());
        }
        assertEquals(Status.Code.UNAUTHENTICATED, refused(() -> stub(null).search(
                SearchRequest.newBuilder().setDomain("alpha-docs").setQuery("retries").build())).getStatus().getCode());
        assertEquals(Status.Code.UNAUTHENTICATED, refused(() -> stub(null).getPage(
                GetPageRequest.newBuilder().setDomain("alpha-docs").setPath("/guides/retries").build())).getStatus().getCode());
    }

    @Test
    void aKeyOpensOnlyItsOrganisationsSites() {
        String alpha = key("alpha");
        assertEquals(MessageEvent.EventCase.FINISH, ask(stub(alpha), "alpha-docs").getLast().getEventCase());
        StatusRuntimeException e = refused(() -> ask(stub(alpha), "beta-docs"));
        assertEquals(Status.Code.PERMISSION_DENIED, e.getStatus().getCode());
        assertEquals("this key is not valid for site 'beta-docs'", e.getStatus().getDescription());
        assertEquals(Status.Code.PERMISSION_DENIED, refused(() -> stub(alpha).getPage(
                GetPageRequest.newBuilder().setDomain("beta-docs").setPath("/guides/retries").build())).getStatus().getCode());
    }

    @Test
    void overTheRateLimitIsResourceExhaustedWithTheRetryDelay() throws Exception {
        String limited = key("limits");
        AtomicReference<Metadata> headers = new AtomicReference<>();
        AtomicReference<Metadata> trailers = new AtomicReference<>();
        var stub = stub(limited).withInterceptors(MetadataUtils.newCaptureMetadataInterceptor(headers, trailers));
        for (int i = 0; i < ORG_PER_HOUR; i++) {
            stub.search(SearchRequest.newBuilder().setDomain("limits-docs").setQuery("retries").build());
            assertEquals(Long.toString(ORG_PER_HOUR - 1 - i), headers.get().get(AccessInterceptor.RATE_LIMIT_REMAINING));
            assertEquals(Long.toString(ORG_PER_HOUR), headers.get().get(AccessInterceptor.RATE_LIMIT_LIMIT));
        }
        StatusRuntimeException e = refused(() -> ask(stub, "limits-docs"));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().startsWith("organization request limit reached; retry in "), e.getStatus().getDescription());
        RetryInfo retry = StatusProto.fromThrowable(e).getDetails(0).unpack(RetryInfo.class);
        long retryAfter = Long.parseLong(e.getTrailers().get(AccessInterceptor.RETRY_AFTER));
        assertTrue(retryAfter > 0);
        assertEquals(retryAfter, retry.getRetryDelay().getSeconds());
        assertEquals("0", e.getTrailers().get(AccessInterceptor.RATE_LIMIT_REMAINING));
    }

    @Test
    void errorsAfterTheAccessCheckCarryTheRateLimitMetadata() {
        String alpha = key("alpha");
        StatusRuntimeException notFound = refused(() -> stub(alpha).getPage(
                GetPageRequest.newBuilder().setDomain("alpha-docs").setPath("/no-such-page").build()));
        assertEquals(Status.Code.NOT_FOUND, notFound.getStatus().getCode());
        assertTrue(notFound.getTrailers().get(AccessInterceptor.RATE_LIMIT_LIMIT) != null, "ratelimit-limit on NOT_FOUND");
        StatusRuntimeException invalid = refused(() -> stub(alpha).search(
                SearchRequest.newBuilder().setDomain("alpha-docs").setQuery("").build()));
        assertEquals(Status.Code.INVALID_ARGUMENT, invalid.getStatus().getCode());
        assertTrue(invalid.getTrailers().get(AccessInterceptor.RATE_LIMIT_REMAINING) != null, "ratelimit-remaining on INVALID_ARGUMENT");
    }

    @Test
    void healthAndReflectionNeedNoKey() throws Exception {
        assertEquals(HealthCheckResponse.ServingStatus.SERVING, HealthGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                .check(HealthCheckRequest.getDefaultInstance()).getStatus());
        // What grpcurl does first: list the services, without any key.
        CompletableFuture<ServerReflectionResponse> answer = new CompletableFuture<>();
        StreamObserver<ServerReflectionRequest> requests = ServerReflectionGrpc.newStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
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
                        answer.completeExceptionally(new AssertionError("no reflection answer"));
                    }
                });
        requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
        requests.onCompleted();
        List<String> services = answer.get(10, TimeUnit.SECONDS).getListServicesResponse().getServiceList().stream()
                .map(ServiceResponse::getName).toList();
        assertTrue(services.containsAll(List.of("docsassistant.v1.AssistantService", "grpc.health.v1.Health")), services.toString());
    }
}
