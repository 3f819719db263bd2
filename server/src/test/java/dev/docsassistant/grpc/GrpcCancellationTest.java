package dev.docsassistant.grpc;

import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AnswerAbandoned;
import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.request.AssistantLimits;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.testing.TestApps;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthGrpc;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cancelling a call or letting its deadline pass stops the answer on the server. The generator here
 * stands in for a hosted model that streams slowly (the only fake: the model is an external service).
 */
@ServerTest
class GrpcCancellationTest {
    private static final int DELTAS = 200;
    private static final SlowModel MODEL = new SlowModel();
    private static ManagedChannel channel;
    private final AssistantServiceGrpc.AssistantServiceBlockingStub assistant;
    private final int port;

    GrpcCancellationTest(WebServer server) {
        synchronized (GrpcCancellationTest.class) {
            if (channel == null) {
                channel = GrpcClients.channel(server.port());
            }
        }
        port = server.port();
        assistant = GrpcClients.authorized(AssistantServiceGrpc.newBlockingStub(channel), TestApps.authorization(TestApps.corpora(), "acme"));
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        App app = TestApps.corpora();
        AssistantService slow = new AssistantService(app.sites(), new ThreadStore(app.database()), MODEL);
        GrpcSetup.configure(server, slow, app.sites(), new AssistantRules(AssistantLimits.from(app.config().section().get("limits"))), app.access(), app.insightsLog());
    }

    @AfterAll
    static void closeChannel() throws InterruptedException {
        GrpcClients.close(channel);
    }

    @BeforeEach
    void reset() {
        MODEL.reset();
        // Connect before the timed calls, so a deadline is not spent on the client's start-up.
        HealthGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS).check(HealthCheckRequest.getDefaultInstance());
    }

    /** Streams {@link #DELTAS} words 20 ms apart, counting what it produced and how it ended. */
    static final class SlowModel implements AnswerGenerator {
        final AtomicInteger produced = new AtomicInteger();
        final AtomicReference<Throwable> endedBy = new AtomicReference<>();
        volatile CountDownLatch started = new CountDownLatch(1);
        volatile CountDownLatch ended = new CountDownLatch(1);

        void reset() {
            produced.set(0);
            endedBy.set(null);
            started = new CountDownLatch(1);
            ended = new CountDownLatch(1);
        }

        @Override
        public void generate(Input input, Output output) {
            started.countDown();
            try {
                output.source(input.retrieved().getFirst());
                for (int i = 0; i < DELTAS; i++) {
                    output.text("word" + i + " ");
                    produced.incrementAndGet();
                    Thread.sleep(20);
                }
            } catch (RuntimeException e) {
                endedBy.set(e);
                throw e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                endedBy.set(e);
            } finally {
                ended.countDown();
            }
        }
    }

    @Test
    void cancellingMidStreamStopsTheAnswerOnTheServer() throws Exception {
        Context.CancellableContext call = Context.current().withCancellation();
        String threadId = call.call(() -> {
            Iterator<MessageEvent> events = assistant.withDeadlineAfter(30, TimeUnit.SECONDS)
                    .createMessage(GrpcClients.question("mcp", "How does the Inspector CLI authenticate?").build());
            String thread = events.next().getStart().getThreadId();
            int deltas = 0;
            while (deltas < 3) {
                deltas += events.next().hasTextDelta() ? 1 : 0;
            }
            call.cancel(null);
            return thread;
        });
        assertTrue(MODEL.ended.await(5, TimeUnit.SECONDS), "the answer kept going after the cancel");
        assertInstanceOf(AnswerAbandoned.class, MODEL.endedBy.get());
        assertTrue(MODEL.produced.get() < 20, "produced " + MODEL.produced.get() + " of " + DELTAS + " deltas");
        assertTrue(new ThreadStore(TestApps.corpora().database()).messages(threadId).isEmpty(), "an unfinished turn is not stored");
    }

    @Test
    void aPassedDeadlineEndsTheCallAndStopsTheAnswer() throws Exception {
        Iterator<MessageEvent> events = assistant.withDeadlineAfter(1, TimeUnit.SECONDS)
                .createMessage(GrpcClients.question("mcp", "How does the Inspector CLI authenticate?").build());
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> events.forEachRemaining(event -> { }));
        assertEquals(Status.Code.DEADLINE_EXCEEDED, e.getStatus().getCode());
        assertTrue(MODEL.started.await(1, TimeUnit.SECONDS), "the answer never started");
        assertTrue(MODEL.ended.await(2, TimeUnit.SECONDS), "the answer kept going after the deadline");
        assertInstanceOf(AnswerAbandoned.class, MODEL.endedBy.get());
        assertTrue(MODEL.produced.get() < 100, "produced " + MODEL.produced.get() + " of " + DELTAS + " deltas in 1 s");
    }

    @Test
    void theServerEndsTheCallAtItsDeadlineEvenIfTheClientNeverCancels() throws Exception {
        // A bare HTTP/2 client: sends grpc-timeout, then only reads (grpc-java would reset the stream itself).
        long start = System.nanoTime();
        boolean ended = RawGrpcCall.createMessage(port, TestApps.authorization(TestApps.corpora(), "acme"), "500m",
                GrpcClients.question("mcp", "How does the Inspector CLI authenticate?").build().toByteArray(), Duration.ofSeconds(10));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ended, "the server never ended the call");
        assertTrue(millis >= 450 && millis < 3000, "ended after " + millis + " ms");
        assertTrue(MODEL.ended.await(2, TimeUnit.SECONDS));
        assertEquals("deadline exceeded", MODEL.endedBy.get().getMessage());
        assertTrue(MODEL.produced.get() < 60, "produced " + MODEL.produced.get());
    }

    @Test
    void theServerReadsTheDeadlineFromGrpcTimeout() {
        // The call's context is cancelled when this time is up, whether or not the client resets the stream.
        assertEquals(300_000_000L, CallContexts.timeoutNanos("300m"));
        assertEquals(2_000_000_000L, CallContexts.timeoutNanos("2S"));
        assertEquals(null, CallContexts.timeoutNanos("12x"));
        assertEquals(null, CallContexts.timeoutNanos("123456789S"));
    }
}
