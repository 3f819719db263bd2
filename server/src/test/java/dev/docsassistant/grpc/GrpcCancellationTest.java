package dev.docsassistant.grpc;

import dev.docsassistant.transport.CallContexts;

import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AnswerAbandoned;
import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.MessageEvent;
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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
 * stands in for a hosted model that streams slowly (the only fake: the model is an external service);
 * left alone it would run for minutes, so an answer that ends at all was stopped by the call's end.
 */
@ServerTest
class GrpcCancellationTest {
    private static final int DELTAS = 10_000;
    /** Each test's answer, by its question: tests share the server, never an answer's state. */
    private static final Map<String, Run> RUNS = new ConcurrentHashMap<>();
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
        assistant = GrpcClients.authorized(AssistantServiceGrpc.newBlockingStub(channel), TestApps.authorization(TestApps.exampleSite(), "acme"));
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        App app = TestApps.exampleSite();
        AssistantService slow = new AssistantService(app.sites(), new ThreadStore(app.database()), GrpcCancellationTest::slowModel);
        GrpcSetup.configure(server, slow, app.sites(), new AssistantRules(app.settings().limits()), app.access(), app.insightsLog());
    }

    @AfterAll
    static void closeChannel() throws InterruptedException {
        GrpcClients.close(channel);
    }

    @BeforeEach
    void connect() {
        // Connect before the timed calls, so a deadline is not spent on the client's start-up.
        HealthGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS).check(HealthCheckRequest.getDefaultInstance());
    }

    /** What one answer produced and how it ended. */
    static final class Run {
        final AtomicInteger produced = new AtomicInteger();
        final AtomicReference<Throwable> endedBy = new AtomicReference<>();
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch ended = new CountDownLatch(1);

        static Run of(String question) {
            Run run = new Run();
            RUNS.put(question, run);
            return run;
        }

        void awaitEnd() throws InterruptedException {
            assertTrue(ended.await(30, TimeUnit.SECONDS), "the answer kept going after the call ended: " + produced.get() + " deltas");
        }
    }

    /** Streams up to {@link #DELTAS} words 10 ms apart (minutes), recording into the question's {@link Run}. */
    private static void slowModel(AnswerGenerator.Input input, AnswerGenerator.Output output) {
        Run run = RUNS.get(input.question());
        run.started.countDown();
        try {
            output.source(input.retrieved().getFirst());
            for (int i = 0; i < DELTAS; i++) {
                output.text("word" + i + " ");
                run.produced.incrementAndGet();
                Thread.sleep(10);
            }
        } catch (RuntimeException e) {
            run.endedBy.set(e);
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            run.endedBy.set(e);
        } finally {
            run.ended.countDown();
        }
    }

    @Test
    void cancellingMidStreamStopsTheAnswerOnTheServer() throws Exception {
        String question = "How do I authenticate API requests?";
        Run run = Run.of(question);
        Context.CancellableContext call = Context.current().withCancellation();
        String threadId = call.call(() -> {
            Iterator<MessageEvent> events = assistant.withDeadlineAfter(5, TimeUnit.MINUTES)
                    .createMessage(GrpcClients.question("acme", question).build());
            String thread = events.next().getStart().getThreadId();
            int deltas = 0;
            while (deltas < 3) {
                deltas += events.next().hasTextDelta() ? 1 : 0;
            }
            call.cancel(null);
            return thread;
        });
        run.awaitEnd();
        assertInstanceOf(AnswerAbandoned.class, run.endedBy.get());
        assertTrue(run.produced.get() >= 3 && run.produced.get() < DELTAS, String.valueOf(run.produced.get()));
        assertTrue(new ThreadStore(TestApps.exampleSite().database()).messages(threadId).isEmpty(), "an unfinished turn is not stored");
    }

    @Test
    void aPassedDeadlineEndsTheCallAndStopsTheAnswer() throws Exception {
        String question = "How do I add an endpoint?";
        Run run = Run.of(question);
        Iterator<MessageEvent> events = assistant.withDeadlineAfter(1, TimeUnit.SECONDS)
                .createMessage(GrpcClients.question("acme", question).build());
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> events.forEachRemaining(event -> { }));
        assertEquals(Status.Code.DEADLINE_EXCEEDED, e.getStatus().getCode());
        assertTrue(run.started.await(30, TimeUnit.SECONDS), "the answer never started");
        run.awaitEnd();
        assertInstanceOf(AnswerAbandoned.class, run.endedBy.get());
    }

    @Test
    void theServerEndsTheCallAtItsDeadlineEvenIfTheClientNeverCancels() throws Exception {
        // A bare HTTP/2 client: sends grpc-timeout, then only reads (grpc-java would reset the stream itself).
        String question = "How do I list deliveries?";
        Run run = Run.of(question);
        long start = System.nanoTime();
        boolean ended = RawGrpcCall.createMessage(port, TestApps.authorization(TestApps.exampleSite(), "acme"), "500m",
                GrpcClients.question("acme", question).build().toByteArray(), Duration.ofSeconds(60));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ended, "the server never ended the call");
        assertTrue(millis >= 450, "ended " + millis + " ms after the call started, before its 500 ms deadline");
        run.awaitEnd();
        assertEquals("deadline exceeded", run.endedBy.get().getMessage());
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
