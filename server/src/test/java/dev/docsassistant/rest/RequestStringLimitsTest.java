package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.ContextItem;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Filter;
import dev.docsassistant.proto.v1.GetPageRequest;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.proto.v1.Role;
import dev.docsassistant.proto.v1.SearchRequest;
import dev.docsassistant.proto.v1.TextPart;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.OpenApiContract;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
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
import org.junit.jupiter.api.function.Executable;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every string a request body carries has a documented maximum, and the server holds to it: the test
 * walks the OpenAPI document, requires a {@code maxLength} on each string field of each request body,
 * then sends each operation a valid body with that one field one character too long and expects 400
 * with a message naming the field. (Five assistant requests with a 900 KB {@code fp} once grew the
 * data directory by 7 MB.) The gRPC twin refuses the same fields with INVALID_ARGUMENT.
 */
class RequestStringLimitsTest {
    private static final String ADMIN = "an-admin-token-of-at-least-32-characters";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Pattern INDEX = Pattern.compile("(.*)\\[0]");
    /** A valid body per operation, with one item in every array, so that every field has a place to go. */
    private static final Map<String, String> VALID = new java.util.HashMap<>(Map.of(
            "createSite", """
                    {"domain": "fresh", "organization": "acme", "git": {"url": "file:///nonexistent/docs.git", "branch": "main", "path": "docs"}}""",
            "createChatCompletion", """
                    {"model": "acme", "user": "u1", "messages": [{"role": "user", "content": [{"type": "text", "text": "How are deliveries retried?"}]}]}""",
            "createMessage", """
                    {"id": "chat1", "trigger": "submit-message", "messageId": "m0", "fp": "anonymous", "threadId": null,
                     "threadKey": null, "currentPath": "/retries",
                     "filter": {"version": null, "language": null, "tag": null, "groups": ["staff"]},
                     "context": [{"type": "code", "value": "retry()", "path": "/retries", "elementId": "e1"}],
                     "messages": [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": "How are deliveries retried?"}]}]}""",
            "createMessageV1", """
                    {"id": "chat1", "fp": "anonymous", "threadId": null, "threadKey": null, "currentPath": "/retries",
                     "filter": {"version": null, "language": null, "tag": null, "groups": ["staff"]},
                     "context": [{"type": "code", "value": "retry()", "path": "/retries", "elementId": "e1"}],
                     "messages": [{"id": "m1", "role": "user", "content": "How are deliveries retried?", "createdAt": "2026-01-01"}]}""",
            "search", """
                    {"query": "retries", "filter": {"version": null, "language": null, "tag": null, "groups": ["staff"]}}""",
            "getPage", """
                    {"path": "/retries", "groups": ["staff"]}""",
            "pageFeedback", """
                    {"path": "/retries", "helpful": true}""",
            "searchClick", """
                    {"searchId": "srch_000000000000000000000000", "path": "/retries"}""",
            "answerFeedback", """
                    {"threadId": "thr_x", "messageId": "msg_x", "helpful": true, "comment": "thanks"}""",
            "createKey", """
                    {"organization": "acme", "expires": "30d", "origins": ["https://docs.acme.dev"], "groups": ["staff"]}"""));

    static { // Map.of takes ten pairs at most
        VALID.put("createAnalyticsKey", """
                {"organization": "acme", "expires": "30d"}""");
    }
    private static JsonNode document;
    private static App app;
    private static WebServer server;
    private static String key;

    @BeforeAll
    static void start() throws Exception {
        document = new ObjectMapper(new YAMLFactory()).readTree(OpenApiContract.document());
        Path dir = TempDirs.create("docs-assistant-string-limits-");
        new TestSites(dir.resolve("site")).file("docs.json", """
                        {"name": "Acme", "navigation": {"groups": [{"group": "G", "pages": ["index", "retries"]}]}}""")
                .page("index", "# Welcome\n\nWelcome to the relay docs.", "title: Home")
                .page("retries", "# Retries\n\nFailed deliveries are retried five times with backoff.", "title: Retries");
        Path config = dir.resolve("application.yaml");
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  security: {admin-token: %s}
                  egress: {git-folders: [/nonexistent]}
                  sites:
                    - {domain: acme, organization: acme, path: site}
                """.formatted(ADMIN));
        app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
        WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
        ServerSetup.configure(builder, app);
        server = builder.build().start();
        key = app.keys().create("acme", Optional.empty(), List.of(), "test").secret();
    }

    @AfterAll
    static void stop() {
        server.stop();
        app.close();
    }

    /** A POST operation with a JSON body: where it is and what its body may hold. */
    private record Operation(String id, String path, JsonNode schema) {
    }

    @Test
    void everyStringOfEveryRequestBodyHasAMaximumTheServerEnforces() throws Exception {
        List<Operation> operations = operations();
        assertEquals(VALID.keySet(), operations.stream().map(Operation::id).collect(java.util.stream.Collectors.toSet()),
                "a valid body for every operation that takes one");
        List<String> unbounded = new ArrayList<>();
        int checked = 0;
        for (Operation op : operations) {
            String valid = VALID.get(op.id());
            int status = send(op, valid).statusCode();
            // Valid feedback on an answer that does not exist is 404, as is a click on a search that does not: the rules passed.
            assertTrue(status / 100 == 2 || (op.id().equals("answerFeedback") || op.id().equals("searchClick")) && status == 404,
                    op.id() + " accepts its valid body: " + status);
            Map<String, Integer> strings = new LinkedHashMap<>();
            strings(op.schema(), "", strings);
            assertFalse(strings.isEmpty(), op.id());
            for (Map.Entry<String, Integer> field : strings.entrySet()) {
                if (field.getValue() < 0) {
                    unbounded.add(op.id() + " " + field.getKey());
                    continue;
                }
                ObjectNode body = (ObjectNode) JSON.readTree(valid);
                put(body, field.getKey(), "x".repeat(field.getValue() + 1));
                HttpResponse<String> res = send(op, JSON.writeValueAsString(body));
                assertEquals(400, res.statusCode(), op.id() + " " + field.getKey() + ": " + res.body());
                JsonNode error = JSON.readTree(res.body());
                // The OpenAI-compatible routes answer in OpenAI's shape, naming the field as its "param".
                String message = error.has("error") ? error.get("error").path("param").asText() + " " + error.get("error").path("message").asText()
                        : error.get("message").asText();
                assertTrue(message.startsWith(field.getKey() + " "), op.id() + ": the message names " + field.getKey() + ": " + message);
                checked++;
            }
        }
        assertEquals(List.of(), unbounded, "string fields without maxLength");
        assertTrue(checked >= 30, "walked the whole document: " + checked);
    }

    @Test
    void grpcRefusesTheSameStrings() throws Exception {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        try {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + key);
            AssistantServiceGrpc.AssistantServiceBlockingStub stub = AssistantServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers)).withDeadlineAfter(30, TimeUnit.SECONDS);
            CreateMessageRequest question = CreateMessageRequest.newBuilder().setDomain("acme").setFp("anonymous")
                    .addMessages(Message.newBuilder().setId("m1").setRole(Role.ROLE_USER)
                            .addParts(MessagePart.newBuilder().setText(TextPart.newBuilder().setText("How are deliveries retried?"))))
                    .build();
            String fp = "x".repeat(257);
            invalid("fp", () -> stub.createMessage(question.toBuilder().setFp(fp).build()).next());
            invalid("thread_id", () -> stub.createMessage(question.toBuilder().setThreadId("x".repeat(101)).build()).next());
            invalid("thread_key", () -> stub.createMessage(question.toBuilder().setThreadKey("x".repeat(101)).build()).next());
            invalid("current_path", () -> stub.createMessage(question.toBuilder().setCurrentPath("x".repeat(201)).build()).next());
            invalid("filter.version", () -> stub.createMessage(question.toBuilder()
                    .setFilter(Filter.newBuilder().setVersion("x".repeat(101))).build()).next());
            invalid("context[0].path", () -> stub.createMessage(question.toBuilder().addContext(ContextItem.newBuilder()
                    .setType(ContextItem.Type.TYPE_CODE).setValue("x").setPath("x".repeat(501))).build()).next());
            invalid("filter.groups[0]", () -> stub.search(SearchRequest.newBuilder().setDomain("acme").setQuery("retries")
                    .setFilter(Filter.newBuilder().addGroups("x".repeat(101))).build()));
            invalid("filter.tag", () -> stub.search(SearchRequest.newBuilder().setDomain("acme").setQuery("retries")
                    .setFilter(Filter.newBuilder().setTag("x".repeat(101))).build()));
            invalid("path", () -> stub.getPage(GetPageRequest.newBuilder().setDomain("acme").setPath("/" + "x".repeat(500)).build()));
            invalid("groups[0]", () -> stub.getPage(GetPageRequest.newBuilder().setDomain("acme").setPath("/retries")
                    .addGroups("x".repeat(101)).build()));
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static void invalid(String field, Executable call) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call);
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode(), field + ": " + e.getStatus());
        assertTrue(e.getStatus().getDescription().startsWith(field + " "), field + ": " + e.getStatus().getDescription());
    }

    /** Every POST with a JSON request body, its path with {@code acme} for the domain. */
    private static List<Operation> operations() {
        List<Operation> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = document.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            JsonNode post = path.getValue().get("post");
            JsonNode schema = post == null ? null : post.at("/requestBody/content/application~1json/schema");
            // A Git host's push payload is the host's format, bounded by the webhook's body limit, not ours to cap.
            if (schema != null && !schema.isMissingNode() && !path.getKey().startsWith("/hooks/")) {
                out.add(new Operation(post.get("operationId").asText(), path.getKey().replace("{domain}", "acme"), schema));
            }
        }
        return out;
    }

    /** Collects each string field under {@code schema} by its path ({@code messages[0].parts[0].text}) with its maxLength (-1: none). */
    private static void strings(JsonNode schema, String path, Map<String, Integer> out) {
        schema = resolve(schema);
        if (schema.has("enum") || schema.has("const")) {
            return; // bounded by its values
        }
        JsonNode type = schema.get("type");
        boolean string = type != null && (type.isTextual() ? type.asText().equals("string")
                : type.toString().contains("\"string\""));
        if (string) {
            out.put(path, schema.has("maxLength") ? schema.get("maxLength").asInt() : -1);
        }
        if (schema.has("properties")) {
            schema.get("properties").fields().forEachRemaining(p ->
                    strings(p.getValue(), path.isEmpty() ? p.getKey() : path + "." + p.getKey(), out));
        }
        if (schema.has("items")) {
            strings(schema.get("items"), path + "[0]", out);
        }
    }

    private static JsonNode resolve(JsonNode schema) {
        while (schema.has("$ref")) {
            schema = document.at(schema.get("$ref").asText().substring(1));
        }
        return schema;
    }

    /** Sets the field at {@code path} (each array's first item) to {@code value}, making what is missing. */
    private static void put(ObjectNode body, String path, String value) {
        String[] segments = path.split("\\.");
        JsonNode node = body;
        for (int i = 0; i < segments.length; i++) {
            boolean last = i == segments.length - 1;
            Matcher indexed = INDEX.matcher(segments[i]);
            ObjectNode object = (ObjectNode) node;
            if (indexed.matches()) {
                ArrayNode array = object.has(indexed.group(1)) && object.get(indexed.group(1)).isArray()
                        ? (ArrayNode) object.get(indexed.group(1)) : object.putArray(indexed.group(1));
                if (last) {
                    if (array.isEmpty()) {
                        array.add(value);
                    } else {
                        array.set(0, value);
                    }
                    return;
                }
                if (array.isEmpty() || !array.get(0).isObject()) {
                    array.removeAll();
                    array.addObject();
                }
                node = array.get(0);
            } else if (last) {
                object.put(segments[i], value);
            } else {
                node = object.has(segments[i]) && object.get(segments[i]).isObject() ? object.get(segments[i]) : object.putObject(segments[i]);
            }
        }
    }

    private static HttpResponse<String> send(Operation op, String body) throws Exception {
        String auth = op.path().startsWith("/admin/") ? ADMIN : key;
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + op.path()));
        if (op.path().startsWith("/admin/")) { // the admin API answers on the dashboard's own host only
            builder.header("Host", "dashboard.localhost:" + server.port()).version(HttpClient.Version.HTTP_1_1);
        }
        HttpRequest request = builder.header("Authorization", "Bearer " + auth).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return OpenApiContract.check(request, body, HTTP.send(request, HttpResponse.BodyHandlers.ofString()));
    }
}
