package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.proto.v1.Role;
import dev.docsassistant.proto.v1.TextPart;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.OpenApiContract;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A thread is reached only by the caller it belongs to, with the default {@code threads.require-key:
 * false}: the key that made it, with groups covering what its answers read; for a page key (any reader
 * of the site holds it), only with the thread's own key. Anything else, resuming
 * ({@code GET …/message/{threadId}/stream}) or continuing (v2, v1, gRPC), is the 404 of a thread that
 * does not exist, and nothing of the thread reaches the model.
 */
class ThreadOwnershipTest {
    private static final Pattern EMBEDDED = Pattern.compile("\"assistantKey\":\"([^\"]+)\"");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String STAFF_QUESTION = "What does the on-call rotation runbook say about the duty engineer?";
    private static App app;
    private static WebServer server;
    private static String pageKey;
    private static String staffKey;
    private static String otherStaffKey;
    private static String plainKey;

    @BeforeAll
    static void start() throws Exception {
        app = Bootstrap.start(AppConfig.load(AccessGroupsTest.staffSiteConfig("docs-assistant-thread-owners-")),
                new PrintStream(OutputStream.nullOutputStream()));
        assertFalse(app.settings().threads().requireKey(), "the default");
        WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
        ServerSetup.configure(builder, app);
        server = builder.build().start();
        Matcher m = EMBEDDED.matcher(HTTP.send(HttpRequest.newBuilder(uri("/sites/acme/")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertTrue(m.find(), "the page embeds its key");
        pageKey = m.group(1);
        staffKey = app.keys().create("acme", Optional.empty(), List.of(), List.of("staff"), "test").secret();
        otherStaffKey = app.keys().create("acme", Optional.empty(), List.of(), List.of("staff"), "test").secret();
        plainKey = app.keys().create("acme", Optional.empty(), List.of(), "test").secret();
    }

    @AfterAll
    static void stop() {
        server.stop();
        app.close();
    }

    @Test
    void aStaffThreadIsNobodyElsesToResumeOrContinue() throws Exception {
        HttpResponse<String> first = ask("v2", staffKey, STAFF_QUESTION, null, null);
        assertEquals(200, first.statusCode(), first.body());
        assertTrue(first.body().contains("/internal"), "the staff answer cites the staff page: " + first.body());
        String thread = first.headers().firstValue("X-Thread-Id").orElseThrow();
        String unknown = resume(plainKey, "thr_doesNotExist0000000", null).body().replace("thr_doesNotExist0000000", thread);

        for (String key : new String[] {plainKey, otherStaffKey, pageKey}) {
            HttpResponse<String> resumed = resume(key, thread, null);
            assertEquals(404, resumed.statusCode(), resumed.body());
            assertEquals(unknown, resumed.body(), "the same 404 as a thread that does not exist");
            for (String version : new String[] {"v2", "v1"}) {
                HttpResponse<String> followUp = ask(version, key, "And then?", thread, null);
                assertEquals(404, followUp.statusCode(), version + ": " + followUp.body());
                assertEquals(unknown, followUp.body());
            }
        }
        assertEquals(204, resume(staffKey, thread, null).statusCode(), "its owner: no answer in progress");
        HttpResponse<String> own = ask("v2", staffKey, "And then?", thread, null);
        assertEquals(200, own.statusCode(), own.body());
        assertEquals(4, app.threads().messages(thread).size(), "the owner's two turns, none of the refused ones");
    }

    @Test
    void grpcContinuesOnlyTheCallersOwnThread() throws Exception {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        try {
            String thread = stub(channel, staffKey).createMessage(question(STAFF_QUESTION, null)).next().getStart().getThreadId();
            assertTrue(thread.startsWith("thr_"), thread);
            for (String key : new String[] {plainKey, otherStaffKey, pageKey}) {
                StatusRuntimeException refused = assertThrows(StatusRuntimeException.class,
                        () -> stub(channel, key).createMessage(question("And then?", thread)).forEachRemaining(e -> { }));
                assertEquals(Status.Code.NOT_FOUND, refused.getStatus().getCode());
                assertEquals("thread not found: " + thread, refused.getStatus().getDescription());
            }
            stub(channel, staffKey).createMessage(question("And then?", thread)).forEachRemaining(e -> { });
            assertEquals(4, app.threads().messages(thread).size());
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aPageKeysThreadTakesTheThreadsKey() throws Exception {
        HttpResponse<String> first = ask("v2", pageKey, "How are failed deliveries retried?", null, null);
        assertEquals(200, first.statusCode(), first.body());
        String thread = first.headers().firstValue("X-Thread-Id").orElseThrow();
        String threadKey = first.headers().firstValue("X-Thread-Key").orElse(null);
        assertNotNull(threadKey);
        // Every reader of the site holds the page key: the thread id alone (seen in a shared link, a log) opens nothing.
        assertEquals(404, ask("v2", pageKey, "And then?", thread, null).statusCode());
        assertEquals(404, resume(pageKey, thread, null).statusCode());
        assertEquals(404, resume(pageKey, thread, "thk_wrong").statusCode());
        assertEquals(404, ask("v2", plainKey, "And then?", thread, threadKey).statusCode(), "another key, even with the thread's key");
        assertEquals(204, resume(pageKey, thread, threadKey).statusCode());
        HttpResponse<String> next = ask("v2", pageKey, "And then?", thread, threadKey);
        assertEquals(200, next.statusCode(), next.body());
        assertEquals(4, app.threads().messages(thread).size());
    }

    private static HttpResponse<String> ask(String version, String key, String text, String threadId, String threadKey)
            throws Exception {
        String body = JSON.writeValueAsString(new java.util.LinkedHashMap<>(java.util.Map.of("fp", "anonymous", "messages",
                List.of(java.util.Map.of("id", "m-" + text.length(), "role", "user",
                        "parts", List.of(java.util.Map.of("type", "text", "text", text)))))) {
            {
                if (threadId != null) {
                    put("threadId", threadId);
                }
                if (threadKey != null) {
                    put("threadKey", threadKey);
                }
            }
        });
        HttpRequest request = HttpRequest.newBuilder(uri("/" + version + "/assistant/acme/message"))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return OpenApiContract.check(request, body, HTTP.send(request, HttpResponse.BodyHandlers.ofString()));
    }

    private static HttpResponse<String> resume(String key, String threadId, String threadKey) throws Exception {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri("/v2/assistant/acme/message/" + threadId + "/stream"))
                .header("Authorization", "Bearer " + key);
        if (threadKey != null) {
            builder.header("X-Thread-Key", threadKey);
        }
        HttpRequest request = builder.GET().build();
        return OpenApiContract.check(request, null, HTTP.send(request, HttpResponse.BodyHandlers.ofString()));
    }

    private static CreateMessageRequest question(String text, String threadId) {
        CreateMessageRequest.Builder b = CreateMessageRequest.newBuilder().setDomain("acme").setFp("anonymous")
                .addMessages(Message.newBuilder().setId("m-" + text.length()).setRole(Role.ROLE_USER)
                        .addParts(MessagePart.newBuilder().setText(TextPart.newBuilder().setText(text))));
        if (threadId != null) {
            b.setThreadId(threadId);
        }
        return b.build();
    }

    private static AssistantServiceGrpc.AssistantServiceBlockingStub stub(ManagedChannel channel, String key) {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + key);
        return AssistantServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }
}
