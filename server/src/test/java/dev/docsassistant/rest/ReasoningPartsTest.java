package dev.docsassistant.rest;

import dev.docsassistant.web.Json;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.proto.v1.Role;
import dev.docsassistant.proto.v1.TextPart;
import dev.docsassistant.testing.FakeChatProvider;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.docsassistant.testing.FakeChatProvider.chunk;
import static dev.docsassistant.testing.FakeChatProvider.reasoningChunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code stream.reasoning: true}: a reasoning model's {@code reasoning_content} goes out on v2 as
 * reasoning-start, reasoning-delta… and reasoning-end, ahead of the text it leads to, with one id per
 * part; gRPC sends it as reasoning_delta events. It is neither part of the answer's text nor stored
 * in the thread, and v1 leaves it out.
 */
@ServerTest
class ReasoningPartsTest {
    private static final FakeChatProvider PROVIDER = new FakeChatProvider();
    private static final String QUESTION = "How are failed deliveries retried?";
    private static App app;
    private final WebClient client;
    private final int port;

    ReasoningPartsTest(WebClient client, WebServer server) {
        this.client = client;
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        app = TestApps.exampleSite("""
                generator: llm
                stream: {reasoning: true}
                site-pages: {page-keys: false}
                llm: {base-url: %s, model: test-model}
                """.formatted(PROVIDER.baseUrl()));
        ServerSetup.configure(server, app);
    }

    @AfterAll
    static void stop() {
        PROVIDER.close();
        app.close();
    }

    private record Answer(String threadId, String body) {
        List<JsonNode> events() {
            return body.lines().filter(l -> l.startsWith("data: {")).map(l -> {
                try {
                    return Json.MAPPER.readTree(l.substring(6));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).toList();
        }

        List<String> parts() {
            return events().stream().map(e -> e.get("type").asText() + (e.has("id") ? " " + e.get("id").asText() : "")).toList();
        }
    }

    private Answer post(String path, String body) {
        ApiClient.Reply res = new ApiClient(client).postJson(path, body, "Authorization", TestApps.authorization(app, "acme"));
        assertEquals(200, res.status(), res.body());
        return new Answer(res.header("X-Thread-Id"), res.body());
    }

    @Test
    void reasoningGoesOutAsItsOwnPartsBeforeTheText() {
        PROVIDER.reply(new FakeChatProvider.Raw(List.of(reasoningChunk("Retries are "), reasoningChunk("on the Retries page."),
                chunk("Deliveries are retried "), reasoningChunk("Backoff too."), chunk("with backoff."),
                FakeChatProvider.finishChunk("stop"), "[DONE]")));
        Answer answer = post("/v2/assistant/acme/message", Json.write(Json.object("fp", "anonymous", "messages", List.of(
                Json.object("id", "m1", "role", "user", "parts", List.of(Json.object("type", "text", "text", QUESTION)))))));
        assertEquals(List.of("start", "start-step", "reasoning-start r1", "reasoning-delta r1", "reasoning-delta r1",
                "reasoning-end r1", "text-start t1", "text-delta t1", "reasoning-start r2", "reasoning-delta r2",
                "reasoning-end r2", "text-delta t1", "text-end t1", "finish-step", "finish"), answer.parts(), answer.body());
        List<String> reasoning = answer.events().stream().filter(e -> e.get("type").asText().equals("reasoning-delta"))
                .map(e -> e.get("delta").asText()).toList();
        assertEquals(List.of("Retries are ", "on the Retries page.", "Backoff too."), reasoning);
        List<ThreadStore.StoredMessage> stored = new ThreadStore(app.database()).messages(answer.threadId());
        assertEquals("Deliveries are retried with backoff.", stored.get(1).content(), "the thread keeps the answer alone");
    }

    @Test
    void grpcSendsReasoningDeltasBeforeTheText() throws InterruptedException {
        PROVIDER.reply(new FakeChatProvider.Raw(List.of(reasoningChunk("Thinking. "), chunk("Deliveries are retried."),
                FakeChatProvider.finishChunk("stop"), "[DONE]")));
        ManagedChannel channel = NettyChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        try {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), TestApps.authorization(app, "acme"));
            List<String> events = new ArrayList<>();
            AssistantServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                    .withDeadlineAfter(30, TimeUnit.SECONDS)
                    .createMessage(CreateMessageRequest.newBuilder().setDomain("acme").setFp("anonymous")
                            .addMessages(Message.newBuilder().setId("m1").setRole(Role.ROLE_USER)
                                    .addParts(MessagePart.newBuilder().setText(TextPart.newBuilder().setText(QUESTION)))).build())
                    .forEachRemaining(e -> events.add(e.getEventCase() + (e.hasReasoningDelta() ? " " + e.getReasoningDelta().getDelta()
                            : e.hasTextDelta() ? " " + e.getTextDelta().getDelta() : "")));
            assertEquals(List.of("START", "REASONING_DELTA Thinking. ", "TEXT_DELTA Deliveries are retried."),
                    events.subList(0, 3), events.toString());
            assertEquals("FINISH", events.getLast());
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void v1LeavesTheReasoningOut() {
        PROVIDER.reply(new FakeChatProvider.Raw(List.of(reasoningChunk("Thinking. "), chunk("Deliveries are retried."),
                FakeChatProvider.finishChunk("stop"), "[DONE]")));
        Answer answer = post("/v1/assistant/acme/message", Json.write(Json.object("fp", "a", "messages",
                List.of(Json.object("id", "1", "role", "user", "content", QUESTION)))));
        assertTrue(answer.body().lines().noneMatch(l -> l.startsWith("g:")), answer.body());
        assertTrue(answer.body().contains("0:\"Deliveries are retried.\""), answer.body());
    }
}
