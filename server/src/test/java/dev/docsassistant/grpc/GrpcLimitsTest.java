package dev.docsassistant.grpc;

import com.google.rpc.RetryInfo;
import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.GeneratorException;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.proto.v1.SearchRequest;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.MetadataUtils;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Limits and failures of CreateMessage as a gRPC client meets them. The server trusts 127.0.0.1 as a
 * proxy, so each test is its own client address (X-Forwarded-For) with its own per-address count.
 */
@ServerTest
class GrpcLimitsTest {
    private static final int IP_PER_DAY = 3;
    private static final int ORG_PER_HOUR = 1000;
    private static final int MAX_BODY = 4096;
    private static App app;
    private static ManagedChannel channel;

    GrpcLimitsTest(WebServer server) {
        synchronized (GrpcLimitsTest.class) {
            if (channel == null) {
                channel = GrpcClients.channel(server.port());
            }
        }
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        app = TestApps.exampleSite("""
                security: {trusted-proxies: [127.0.0.1]}
                limits: {organization-per-hour: %d, ip-per-day: %d, max-body-bytes: %d}
                site-pages: {page-keys: false}
                sites:
                  - {domain: docs, organization: acme, path: site}
                """.formatted(ORG_PER_HOUR, IP_PER_DAY, MAX_BODY));
        // The model: a question about outages breaks off after its first words, as a provider failing mid-answer.
        AnswerGenerator model = (input, out) -> {
            out.source(input.retrieved().getFirst());
            out.text("Deliveries are retried ");
            if (input.question().contains("outage")) {
                throw new GeneratorException(GeneratorException.Kind.UNAVAILABLE, "the language model provider failed while answering");
            }
            out.text("five times.");
        };
        AssistantService assistant = new AssistantService(app.sites(), new ThreadStore(app.database()), model);
        GrpcSetup.configure(server, assistant, app.sites(), app.assistantRules(), app.access(), app.insightsLog());
    }

    @AfterAll
    static void close() throws InterruptedException {
        GrpcClients.close(channel);
        app.close();
    }

    /** A call's response headers and trailers, from one client address. */
    record Client(AssistantServiceGrpc.AssistantServiceBlockingStub stub, AtomicReference<Metadata> headers, AtomicReference<Metadata> trailers) {
        static Client from(String address) {
            Metadata forwarded = new Metadata();
            forwarded.put(Metadata.Key.of("x-forwarded-for", Metadata.ASCII_STRING_MARSHALLER), address);
            AtomicReference<Metadata> headers = new AtomicReference<>();
            AtomicReference<Metadata> trailers = new AtomicReference<>();
            String key = "Bearer " + app.keys().create("acme", Optional.empty(), List.of(), "test").secret();
            var stub = GrpcClients.authorized(AssistantServiceGrpc.newBlockingStub(channel), key)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(forwarded),
                            MetadataUtils.newCaptureMetadataInterceptor(headers, trailers))
                    .withDeadlineAfter(30, TimeUnit.SECONDS);
            return new Client(stub, headers, trailers);
        }

        List<MessageEvent> ask(String question) {
            List<MessageEvent> events = new ArrayList<>();
            stub.createMessage(GrpcClients.question("docs", question).build()).forEachRemaining(events::add);
            return events;
        }
    }

    @Test
    void createMessageCarriesTheRateLimitMetadata() {
        Client client = Client.from("198.51.100.1");
        List<MessageEvent> events = client.ask("How are failed deliveries retried?");
        assertEquals(MessageEvent.EventCase.FINISH, events.getLast().getEventCase());
        // The tighter of the two quotas is reported: here the address's.
        assertEquals(Integer.toString(IP_PER_DAY), client.headers().get().get(AccessInterceptor.RATE_LIMIT_LIMIT));
        assertEquals(Integer.toString(IP_PER_DAY - 1), client.headers().get().get(AccessInterceptor.RATE_LIMIT_REMAINING));
        client.ask("How are failed deliveries retried?");
        assertEquals(Integer.toString(IP_PER_DAY - 2), client.headers().get().get(AccessInterceptor.RATE_LIMIT_REMAINING));
    }

    @Test
    void anAnswerFailingMidwayEndsTheCallUnavailableAfterItsText() {
        Client client = Client.from("198.51.100.2");
        List<MessageEvent> events = new ArrayList<>();
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> client.stub()
                .createMessage(GrpcClients.question("docs", "Are deliveries retried during an outage?").build()).forEachRemaining(events::add));
        assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode());
        assertEquals("the language model provider failed while answering", e.getStatus().getDescription());
        assertEquals("Deliveries are retried ", events.stream().filter(MessageEvent::hasTextDelta)
                .map(ev -> ev.getTextDelta().getDelta()).reduce("", String::concat), "the text so far was streamed first");
        assertTrue(events.stream().noneMatch(MessageEvent::hasFinish));
    }

    @Test
    void thePerAddressLimitRefusesTheNextCallWithItsRetryDelay() throws Exception {
        Client client = Client.from("198.51.100.3");
        for (int i = 0; i < IP_PER_DAY; i++) {
            client.stub().search(SearchRequest.newBuilder().setDomain("docs").setQuery("retries").build());
        }
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> client.ask("How are failed deliveries retried?"));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().startsWith("too many requests from this address; retry in "), e.getStatus().getDescription());
        long retryAfter = Long.parseLong(e.getTrailers().get(AccessInterceptor.RETRY_AFTER));
        assertTrue(retryAfter > 3600, "a day's window: " + retryAfter);
        assertEquals(retryAfter, StatusProto.fromThrowable(e).getDetails(0).unpack(RetryInfo.class).getRetryDelay().getSeconds());
        // Another address, even with the same key's organisation, is counted apart.
        assertEquals(MessageEvent.EventCase.FINISH, Client.from("198.51.100.4").ask("How are failed deliveries retried?").getLast().getEventCase());
    }

    @Test
    void aRequestOverTheBodyLimitIsResourceExhaustedWithoutARetryDelay() {
        Client client = Client.from("198.51.100.5");
        String big = "How are failed deliveries retried? " + "and again ".repeat(MAX_BODY / 10);
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> client.ask(big));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, e.getStatus().getCode());
        assertEquals("request is larger than " + MAX_BODY + " bytes", e.getStatus().getDescription());
        // Waiting would not help: no retry-after and no RetryInfo, unlike the rate limits.
        assertNull(e.getTrailers().get(AccessInterceptor.RETRY_AFTER));
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        assertTrue(details == null || details.getDetailsList().stream().noneMatch(d -> d.is(RetryInfo.class)), String.valueOf(details));
    }
}
