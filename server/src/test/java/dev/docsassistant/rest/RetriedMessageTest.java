package dev.docsassistant.rest;

import dev.docsassistant.web.Json;

import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.proto.v1.Role;
import dev.docsassistant.proto.v1.TextPart;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.TestApps;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client that asks the same message again in its thread (its earlier answer's {@code finish} never
 * arrived, or the reader pressed "regenerate") gets a new answer, and the thread holds the question
 * once: over REST v2 ({@code messages[].id}), REST v1 (v4 {@code id}) and gRPC ({@code Message.id}).
 */
@ServerTest
class RetriedMessageTest {
    private static final String FIRST = "How are failed deliveries retried?";
    private static final String SECOND = "How do I verify webhook signatures?";
    private final WebClient client;
    private final int port;

    RetriedMessageTest(WebClient client, WebServer server) {
        this.client = client;
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite());
    }

    private static List<String> stored(String threadId) {
        return new ThreadStore(TestApps.exampleSite().database()).messages(threadId).stream()
                .map(ThreadStore.StoredMessage::content).toList();
    }

    /** Posts one message; returns the thread id after checking the answer finished. */
    private String post(String version, String threadId, String id, String text) {
        Map<String, Object> message = "v1".equals(version)
                ? Json.object("id", id, "role", "user", "content", text)
                : Json.object("id", id, "role", "user", "parts", List.of(Json.object("type", "text", "text", text)));
        String body = Json.write(Json.object("fp", "anonymous", "threadId", threadId, "messages", List.of(message)));
        ApiClient.Reply res = new ApiClient(client).postJson("/" + version + "/assistant/acme/message", body,
                "Authorization", TestApps.authorization(TestApps.exampleSite(), "acme"));
        assertEquals(200, res.status(), res.body());
        assertTrue(res.body().contains("v1".equals(version) ? "\nd:" : "\"type\":\"finish\""), res.body());
        return res.header("X-Thread-Id");
    }

    private void assertRetryKeepsOneCopy(String version) {
        String thread = post(version, null, "u1", FIRST);
        assertEquals(thread, post(version, thread, "u2", SECOND));
        List<String> once = stored(thread);
        assertEquals(thread, post(version, thread, "u2", SECOND));
        List<String> after = stored(thread);
        assertEquals(4, after.size(), version + ": " + after);
        assertEquals(List.of(FIRST, once.get(1), SECOND), after.subList(0, 3), version);
        assertEquals(1, after.stream().filter(SECOND::equals).count(), version);

        // Another message, even with the same words, is a new question.
        post(version, thread, "u3", SECOND);
        assertEquals(6, stored(thread).size(), version);
    }

    @Test
    void v2RetryOfAMessageIdStoresItOnce() {
        assertRetryKeepsOneCopy("v2");
    }

    @Test
    void v1RetryOfAMessageIdStoresItOnce() {
        assertRetryKeepsOneCopy("v1");
    }

    @Test
    void grpcRetryOfAMessageIdStoresItOnce() throws InterruptedException {
        ManagedChannel channel = NettyChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        try {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
                    TestApps.authorization(TestApps.exampleSite(), "acme"));
            var stub = AssistantServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                    .withDeadlineAfter(30, TimeUnit.SECONDS);
            String thread = grpcAsk(stub, "", "u1", FIRST);
            grpcAsk(stub, thread, "u2", SECOND);
            grpcAsk(stub, thread, "u2", SECOND);
            List<String> after = stored(thread);
            assertEquals(4, after.size(), after.toString());
            assertEquals(1, after.stream().filter(SECOND::equals).count());
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static String grpcAsk(AssistantServiceGrpc.AssistantServiceBlockingStub stub, String threadId, String id, String text) {
        CreateMessageRequest request = CreateMessageRequest.newBuilder().setDomain("acme").setFp("anonymous").setThreadId(threadId)
                .addMessages(Message.newBuilder().setId(id).setRole(Role.ROLE_USER)
                        .addParts(MessagePart.newBuilder().setText(TextPart.newBuilder().setText(text)))).build();
        List<MessageEvent> events = new ArrayList<>();
        stub.createMessage(request).forEachRemaining(events::add);
        assertTrue(events.getLast().hasFinish(), events.toString());
        return events.getLast().getFinish().getThreadId();
    }
}
