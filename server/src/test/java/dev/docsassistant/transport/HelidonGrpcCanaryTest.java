package dev.docsassistant.transport;

import com.google.protobuf.Descriptors;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.health.v1.HealthProto;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.grpc.GrpcRouting;
import io.helidon.webserver.grpc.GrpcService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Filter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Canaries for the gRPC workarounds: plain Helidon gRPC (none of this package's interceptors) with a
 * stock grpc-java client. Each asserts the Helidon behaviour a workaround exists for; a failure is
 * good news, and its message names the workaround that can be deleted (see package-info).
 */
class HelidonGrpcCanaryTest {
    private static final String DESCRIPTION = "naïve value … 100%";
    private static final AtomicReference<Deadline> SEEN_DEADLINE = new AtomicReference<>();
    private static WebServer plain;
    private static ManagedChannel channel;

    /** Health's Check, answering by the service name it is asked about. */
    private static final class CanaryService implements GrpcService {
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
            routing.unary("Check", CanaryService::check);
        }

        private static void check(HealthCheckRequest request, StreamObserver<HealthCheckResponse> response) {
            if (request.getService().equals("fail")) {
                response.onError(Status.INVALID_ARGUMENT.withDescription(DESCRIPTION).asRuntimeException());
                return;
            }
            SEEN_DEADLINE.set(Context.current().getDeadline());
            response.onNext(HealthCheckResponse.newBuilder().setStatus(HealthCheckResponse.ServingStatus.SERVING).build());
            response.onCompleted();
        }
    }

    @BeforeAll
    static void start() {
        plain = WebServer.builder().host("127.0.0.1").port(0)
                .addRouting(GrpcRouting.builder().service(new CanaryService()))
                .build().start();
        channel = NettyChannelBuilder.forAddress("127.0.0.1", plain.port()).usePlaintext().build();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        plain.stop();
    }

    private static HealthGrpc.HealthBlockingStub stub() {
        return HealthGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    @Test
    void theClientsDeadlineDoesNotReachTheHandler() {
        assertEquals(HealthCheckResponse.ServingStatus.SERVING, stub().check(HealthCheckRequest.newBuilder().build()).getStatus());
        assertNull(SEEN_DEADLINE.get(), "Helidon now carries grpc-timeout into the call's Context "
                + "(helidon-io/helidon#11698): CallContexts can be deleted once cancellation reaches the Context too");
    }

    @Test
    void statusDescriptionsAreNotPercentEncoded() {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> stub().check(HealthCheckRequest.newBuilder().setService("fail").build()));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        // The description arrives, mangled: a dropped one would be a change too, and StatusMessages would not restore it.
        assertNotNull(e.getStatus().getDescription(), "Helidon now drops the status description: StatusMessages "
                + "(helidon-io/helidon#12467) no longer gets it to the client");
        assertNotEquals(DESCRIPTION, e.getStatus().getDescription(), "Helidon now percent-encodes grpc-message "
                + "(helidon-io/helidon#12467): StatusMessages can be deleted");
    }

    @Test
    void anUnreadableRequestIsLoggedAsSevereWithItsBytes() throws InterruptedException {
        Logger handlerLog = Logger.getLogger("io.helidon.webserver.grpc.GrpcProtocolHandler");
        // HelidonGrpcLog may be installed in this JVM by another test: watch the records it would drop.
        Filter installed = handlerLog.getFilter();
        CountDownLatch logged = new CountDownLatch(1);
        AtomicReference<LogRecord> record = new AtomicReference<>();
        Handler watch = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getMessage() != null && r.getMessage().startsWith("Failed to process grpc request")) {
                    record.compareAndSet(null, r);
                    logged.countDown();
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        handlerLog.setFilter(null);
        handlerLog.addHandler(watch);
        // The record is provoked on purpose and dumps the 3 MiB request as hex (15 MB of log): only the
        // watch sees it, not the console; a failure still says what changed.
        boolean toParents = handlerLog.getUseParentHandlers();
        handlerLog.setUseParentHandlers(false);
        try {
            // Larger than Helidon 4.4's 2 MiB read buffer.
            String big = "x".repeat(3 * 1024 * 1024);
            assertThrows(StatusRuntimeException.class, () -> HealthGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(20, TimeUnit.SECONDS).check(HealthCheckRequest.newBuilder().setService(big).build()));
            assertTrue(logged.await(20, TimeUnit.SECONDS), "Helidon no longer logs an unreadable request as "
                    + "'Failed to process grpc request' (see helidon-io/helidon#11720): HelidonGrpcLog can be deleted");
            assertEquals(Level.SEVERE, record.get().getLevel(), "Helidon now logs an unreadable request below SEVERE "
                    + "(helidon-io/helidon#11720): HelidonGrpcLog can be deleted");
        } finally {
            handlerLog.setUseParentHandlers(toParents);
            handlerLog.removeHandler(watch);
            handlerLog.setFilter(installed);
        }
    }
}
