package dev.docsassistant.grpc;

import com.google.rpc.BadRequest;
import dev.docsassistant.app.App;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.SubmitFeedbackRequest;
import dev.docsassistant.store.BackgroundWrites;
import dev.docsassistant.store.Database;
import dev.docsassistant.testing.TestApps;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.time.Clock;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What a method throws becomes a status in the edge's one interceptor ({@link ErrorStatuses}), with
 * the same answer REST gives and the rate-limit metadata every answer carries. The store here is
 * really closed: recording feedback fails in the store, as it would with the database down.
 */
@ServerTest
class GrpcErrorStatusesTest {
    private static ManagedChannel channel;
    private final AssistantServiceGrpc.AssistantServiceBlockingStub assistant;

    GrpcErrorStatusesTest(WebServer server) {
        synchronized (GrpcErrorStatusesTest.class) {
            if (channel == null) {
                channel = GrpcClients.channel(server.port());
            }
        }
        assistant = GrpcClients.authorized(AssistantServiceGrpc.newBlockingStub(channel), TestApps.authorization(TestApps.exampleSite(), "acme"))
                .withDeadlineAfter(20, TimeUnit.SECONDS); // a call nobody closes would otherwise wait forever
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws Exception {
        App app = TestApps.exampleSite();
        Database closed = Database.openSqlite(Files.createTempDirectory("closed-store"));
        closed.close();
        InsightsLog insights = new InsightsLog(closed, new BackgroundWrites(closed), Clock.systemUTC());
        GrpcSetup.configure(server, app.assistant(), app.sites(), app.assistantRules(), app.access(), insights);
    }

    @AfterAll
    static void closeChannel() throws InterruptedException {
        GrpcClients.close(channel);
    }

    @Test
    void aStoreFailureIsUnavailableWithTheRestMessageAndTheRateLimitMetadata() {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> assistant.submitFeedback(
                SubmitFeedbackRequest.newBuilder().setDomain("acme").setThreadId("thr_x").setMessageId("msg_x").setHelpful(true).build()));
        assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode());
        assertEquals(dev.docsassistant.rest.RestErrors.STORE_UNAVAILABLE, e.getStatus().getDescription());
        assertNotNull(e.getTrailers().get(AccessInterceptor.RATE_LIMIT_LIMIT), "ratelimit-limit on UNAVAILABLE");
    }

    @Test
    void aRuleBrokenInAMethodIsInvalidArgumentNamingTheFieldInItsDetail() throws Exception {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> assistant.submitFeedback(
                SubmitFeedbackRequest.newBuilder().setDomain("acme").setMessageId("msg_x").setHelpful(true).build()));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        com.google.rpc.Status detailed = StatusProto.fromThrowable(e);
        assertNotNull(detailed);
        BadRequest badRequest = detailed.getDetails(0).unpack(BadRequest.class);
        assertEquals("thread_id", badRequest.getFieldViolations(0).getField());
        assertNotNull(e.getTrailers().get(AccessInterceptor.RATE_LIMIT_REMAINING), "ratelimit-remaining on INVALID_ARGUMENT");
    }
}
