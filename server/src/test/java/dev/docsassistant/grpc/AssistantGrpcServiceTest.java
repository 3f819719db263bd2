package dev.docsassistant.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.rpc.BadRequest;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.ContextItem;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Filter;
import dev.docsassistant.proto.v1.GetPageRequest;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.proto.v1.Page;
import dev.docsassistant.proto.v1.Role;
import dev.docsassistant.proto.v1.SearchRequest;
import dev.docsassistant.proto.v1.SearchResponse;
import dev.docsassistant.proto.v1.SearchResult;
import dev.docsassistant.proto.v1.StepStartPart;
import dev.docsassistant.proto.v1.TextPart;
import dev.docsassistant.testing.Corpora;
import dev.docsassistant.testing.TestApps;
import io.grpc.ManagedChannel;
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
import io.grpc.stub.StreamObserver;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gRPC edge through a real grpc-java client, on the port that also serves REST. */
@ServerTest
@Tag(Corpora.TAG)
class AssistantGrpcServiceTest {
    private static final String QUESTION = "Which exit code does the Inspector CLI use when the server needs authentication?";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ManagedChannel channel;

    private final WebClient http;
    /** With a key of acme, which owns mcp (and not mintlify). */
    private final AssistantServiceGrpc.AssistantServiceBlockingStub assistant;
    /** With a key of other, which owns mintlify. */
    private final AssistantServiceGrpc.AssistantServiceBlockingStub other;

    AssistantGrpcServiceTest(WebServer server, WebClient http) {
        this.http = http;
        synchronized (AssistantGrpcServiceTest.class) {
            if (channel == null) {
                channel = GrpcClients.channel(server.port());
            }
        }
        this.assistant = GrpcClients.authorized(AssistantServiceGrpc.newBlockingStub(channel),
                TestApps.authorization(TestApps.corpora(), "acme")).withDeadlineAfter(30, TimeUnit.SECONDS);
        this.other = GrpcClients.authorized(AssistantServiceGrpc.newBlockingStub(channel),
                TestApps.authorization(TestApps.corpora(), "other")).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.corpora());
    }

    @AfterAll
    static void closeChannel() throws InterruptedException {
        GrpcClients.close(channel);
    }

    private List<MessageEvent> ask(CreateMessageRequest request) {
        List<MessageEvent> events = new ArrayList<>();
        assistant.createMessage(request).forEachRemaining(events::add);
        return events;
    }

    private static String text(List<MessageEvent> events) {
        return events.stream().filter(MessageEvent::hasTextDelta).map(e -> e.getTextDelta().getDelta()).collect(Collectors.joining());
    }

    @Test
    void createMessageStreamsStartSourcesTextAndFinish() {
        List<MessageEvent> events = ask(GrpcClients.question("mcp", QUESTION).build());
        List<MessageEvent.EventCase> kinds = events.stream().map(MessageEvent::getEventCase).toList();
        assertEquals(MessageEvent.EventCase.START, kinds.getFirst());
        assertEquals(MessageEvent.EventCase.FINISH, kinds.getLast());
        int firstText = kinds.indexOf(MessageEvent.EventCase.TEXT_DELTA);
        assertTrue(firstText > 1, "sources come before the text: " + kinds);
        assertTrue(kinds.subList(1, firstText).stream().allMatch(MessageEvent.EventCase.SOURCE::equals), kinds.toString());
        assertTrue(kinds.subList(firstText, kinds.size() - 1).stream().allMatch(MessageEvent.EventCase.TEXT_DELTA::equals), kinds.toString());
        var start = events.getFirst().getStart();
        assertTrue(start.getMessageId().startsWith("msg_"));
        assertTrue(start.getThreadId().startsWith("thr_"));
        assertFalse(start.getThreadKey().isEmpty(), "a new thread returns its key");
        assertEquals(start.getThreadId(), events.getLast().getFinish().getThreadId());
        var source = events.get(1).getSource();
        assertEquals("src-1", source.getSourceId());
        assertTrue(source.getPath().startsWith("/docs/2026-07-28/tools/inspector/cli"), source.toString());
        assertFalse(source.getTitle().isEmpty());
        assertTrue(text(events).contains("/docs/2026-07-28/tools/inspector/cli"), text(events));
    }

    @Test
    void theSameQuestionThroughRestV2AndGrpcGivesTheSameTextAndSources() {
        String restBody = json(Map.of("fp", "anonymous", "messages", List.of(Map.of("id", "m1", "role", "user",
                "parts", List.of(Map.of("type", "text", "text", QUESTION))))));
        List<JsonNode> rest = new ArrayList<>();
        try (HttpClientResponse res = http.post("/v2/assistant/mcp/message").header(HeaderNames.CONTENT_TYPE, "application/json")
                .header(HeaderNames.AUTHORIZATION, TestApps.authorization(TestApps.corpora(), "acme")).submit(restBody)) {
            assertEquals(200, res.status().code());
            for (String line : res.as(String.class).split("\n")) {
                if (line.startsWith("data: {")) {
                    rest.add(read(line.substring(6)));
                }
            }
        }
        String restText = rest.stream().filter(e -> e.get("type").asText().equals("text-delta")).map(e -> e.get("delta").asText())
                .collect(Collectors.joining());
        List<String> restSources = rest.stream().filter(e -> e.get("type").asText().equals("source-url"))
                .map(e -> e.get("sourceId").asText() + " " + e.get("url").asText() + " " + e.get("title").asText()).toList();

        List<MessageEvent> grpc = ask(GrpcClients.question("mcp", QUESTION).build());
        List<String> grpcSources = grpc.stream().filter(MessageEvent::hasSource).map(MessageEvent::getSource)
                .map(s -> s.getSourceId() + " " + s.getUrl() + " " + s.getTitle()).toList();
        assertFalse(restSources.isEmpty());
        assertEquals(restSources, grpcSources);
        assertEquals(restText, text(grpc));
    }

    @Test
    void aThreadContinuesWithItsIdOnItsOwnDomainOnly() {
        var start = ask(GrpcClients.question("mcp", QUESTION).build()).getFirst().getStart();
        List<MessageEvent> second = ask(GrpcClients.question("mcp", "and when it cannot be reached?")
                .setThreadId(start.getThreadId()).build());
        assertEquals(start.getThreadId(), second.getFirst().getStart().getThreadId());
        assertTrue(second.getFirst().getStart().getThreadKey().isEmpty(), "only a new thread returns a key");
        assertNotEquals(start.getMessageId(), second.getFirst().getStart().getMessageId());
        assertEquals(Status.Code.NOT_FOUND, code(() -> other.createMessage(GrpcClients.question("mintlify", "hello there")
                .setThreadId(start.getThreadId()).build()).forEachRemaining(e -> { })));
        assertEquals(Status.Code.NOT_FOUND, code(() -> ask(GrpcClients.question("mcp", "hello there").setThreadId("thr_doesnotexist").build())));
        assertEquals(Status.Code.NOT_FOUND, code(() -> ask(GrpcClients.question("mcp", "hello there")
                .setThreadId(start.getThreadId()).setThreadKey("wrong").build())));
    }

    private static List<String> sourcePaths(List<MessageEvent> events) {
        return events.stream().filter(MessageEvent::hasSource).map(e -> e.getSource().getPath()).toList();
    }

    @Test
    void otherPartTypesAreSkippedWhileTheVersionFilterAndContextAreUsed() {
        // The Inspector CLI pages exist only in the latest version: filtered to 2025-06-18, they must not come.
        CreateMessageRequest request = CreateMessageRequest.newBuilder().setDomain("mcp").setFp("anonymous")
                .addMessages(Message.newBuilder().setRole(Role.ROLE_USER)
                        .addParts(MessagePart.newBuilder().setStepStart(StepStartPart.getDefaultInstance()))
                        .addParts(MessagePart.newBuilder().setText(TextPart.newBuilder().setText(QUESTION))))
                .setFilter(Filter.newBuilder().setVersion("Version 2025-06-18"))
                .setRetrievalPageSize(3).build();
        List<MessageEvent> events = ask(request);
        assertEquals(MessageEvent.EventCase.FINISH, events.getLast().getEventCase());
        List<String> filtered = sourcePaths(events);
        assertTrue(filtered.size() <= 3, filtered.toString());
        assertTrue(filtered.stream().noneMatch(p -> p.contains("2026-07-28")), filtered.toString());
        assertTrue(sourcePaths(ask(request.toBuilder().clearFilter().build())).getFirst().startsWith("/docs/2026-07-28/tools/inspector/cli"),
                "unfiltered, the latest version answers");

        // A vague question is answered from the code the reader attached: two snippets, two answers.
        CreateMessageRequest vague = GrpcClients.question("mcp", "What does this request return?").build();
        List<String> tools = sourcePaths(ask(vague.toBuilder().addContext(ContextItem.newBuilder()
                .setType(ContextItem.Type.TYPE_CODE).setValue("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}")).build()));
        List<String> resources = sourcePaths(ask(vague.toBuilder().addContext(ContextItem.newBuilder()
                .setType(ContextItem.Type.TYPE_CODE).setValue("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"resources/list\"}")).build()));
        assertTrue(!tools.isEmpty() && tools.getFirst().contains("/tools"), tools.toString());
        assertTrue(!resources.isEmpty() && resources.getFirst().contains("/resources"), resources.toString());
    }

    @Test
    void badArgumentsAreInvalidArgumentNamingTheProtoField() {
        CreateMessageRequest good = GrpcClients.question("mcp", "hi").build();
        Map<String, CreateMessageRequest> cases = Map.of(
                "domain is required", good.toBuilder().clearDomain().build(),
                "fp is required", good.toBuilder().clearFp().build(),
                "messages is required", good.toBuilder().clearMessages().build(),
                "messages[0].role is required", good.toBuilder().setMessages(0, good.getMessages(0).toBuilder().clearRole()).build(),
                "messages must contain a user message with text", good.toBuilder()
                        .setMessages(0, good.getMessages(0).toBuilder().setRole(Role.ROLE_ASSISTANT)).build(),
                "retrieval_page_size must be an integer from 1 to 50", good.toBuilder().setRetrievalPageSize(51).build(),
                "current_path must be at most 200 characters", good.toBuilder().setCurrentPath("/" + "x".repeat(200)).build(),
                "context[0].type is required", good.toBuilder().addContext(ContextItem.newBuilder().setValue("x")).build(),
                "context[0].value is required", good.toBuilder().addContext(ContextItem.newBuilder().setType(ContextItem.Type.TYPE_CODE)).build(),
                "filter.groups must have at most 100 items", good.toBuilder()
                        .setFilter(Filter.newBuilder().addAllGroups(java.util.Collections.nCopies(101, "g"))).build());
        cases.forEach((message, request) -> {
            StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> ask(request), message);
            assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode(), message);
            assertEquals(message, e.getStatus().getDescription());
            var details = StatusProto.fromThrowable(e);
            assertEquals(1, details.getDetailsCount(), message);
            try {
                BadRequest bad = details.getDetails(0).unpack(BadRequest.class);
                assertTrue(message.startsWith(bad.getFieldViolations(0).getField() + " "), bad.toString());
            } catch (com.google.protobuf.InvalidProtocolBufferException ex) {
                throw new AssertionError(ex);
            }
        });
        assertEquals(Status.Code.INVALID_ARGUMENT, code(() -> assistant.search(SearchRequest.newBuilder().setDomain("mcp").build())));
        assertEquals("page_size must be an integer from 1 to 50", description(() -> assistant.search(
                SearchRequest.newBuilder().setDomain("mcp").setQuery("x").setPageSize(51).build())));
        assertEquals("score_threshold must be a number from 0 to 1", description(() -> assistant.search(
                SearchRequest.newBuilder().setDomain("mcp").setQuery("x").setScoreThreshold(-0.5).build())));
        assertEquals("query must be at most 2000 characters", description(() -> assistant.search(
                SearchRequest.newBuilder().setDomain("mcp").setQuery("x".repeat(2001)).build())));
        assertEquals("path is required", description(() -> assistant.getPage(GetPageRequest.newBuilder().setDomain("mcp").build())));
        assertEquals("domain is required", description(() -> assistant.getPage(GetPageRequest.newBuilder().setPath("/x").build())));
    }

    @Test
    void requestsOverTheSizeLimitAreRefused() {
        // Over the API's limit (1 MiB, as REST): refused by the edge.
        CreateMessageRequest big = GrpcClients.question("mcp", "x".repeat(1_500_000)).build();
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, code(() -> ask(big)));
        // Over Helidon's read buffer (2 MiB): never read, so the call ends at its deadline; the connection stays usable.
        CreateMessageRequest huge = GrpcClients.question("mcp", "x".repeat(3_000_000)).build();
        assertEquals(Status.Code.DEADLINE_EXCEEDED, code(() -> AssistantServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(2, TimeUnit.SECONDS).createMessage(huge).forEachRemaining(event -> { })));
        assertEquals(MessageEvent.EventCase.FINISH, ask(GrpcClients.question("mcp", QUESTION).build()).getLast().getEventCase());
    }

    @Test
    void unknownThreadsAndPagesAreNotFoundAndOtherSitesForbidden() {
        // As REST: a key learns nothing of sites outside its organisation, existing or not.
        StatusRuntimeException nope = assertThrows(StatusRuntimeException.class, () -> ask(GrpcClients.question("nope", "hi").build()));
        assertEquals(Status.Code.PERMISSION_DENIED, nope.getStatus().getCode());
        assertEquals("this key is not valid for site 'nope'", nope.getStatus().getDescription());
        assertEquals(Status.Code.PERMISSION_DENIED, code(() -> assistant.search(SearchRequest.newBuilder().setDomain("mintlify").setQuery("x").build())));
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> assistant.getPage(GetPageRequest.newBuilder().setDomain("mcp").setPath("/no/such/page").build()));
        assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());
        assertEquals("page not found: /no/such/page", e.getStatus().getDescription());
        // Status messages are percent-encoded on the wire, so any text arrives intact.
        assertEquals("page not found: /übersicht/100%…", description(() -> assistant.getPage(
                GetPageRequest.newBuilder().setDomain("mcp").setPath("/übersicht/100%…").build())));
    }

    @Test
    void searchAndGetPageGiveWhatRestGives() {
        String query = "How do clients discover available tools with tools/list?";
        SearchResponse grpc = assistant.search(SearchRequest.newBuilder().setDomain("mcp").setQuery(query).setPageSize(5).build());
        JsonNode rest = postJson("/v1/search/mcp", json(Map.of("query", query, "pageSize", 5)));
        assertEquals(rest.size(), grpc.getResultsCount());
        for (int i = 0; i < rest.size(); i++) {
            SearchResult r = grpc.getResults(i);
            assertEquals(rest.get(i).get("path").asText(), r.getPath());
            assertEquals(rest.get(i).get("content").asText(), r.getContent());
            assertEquals(rest.get(i).at("/metadata/title").asText(), r.getTitle());
            assertEquals(rest.get(i).at("/metadata/score").asDouble(), r.getScore(), 1e-9);
        }
        assertEquals("Listing Tools", grpc.getResults(0).getSection());
        assertEquals("Version 2026-07-28 (latest)", grpc.getResults(0).getVersion());

        Page page = assistant.getPage(GetPageRequest.newBuilder().setDomain("mcp").setPath(grpc.getResults(0).getPath()).build());
        JsonNode restPage = postJson("/v1/page/mcp", json(Map.of("path", grpc.getResults(0).getPath())));
        assertEquals(restPage.get("path").asText(), page.getPath());
        assertEquals(restPage.get("content").asText(), page.getContent());
    }

    @Test
    void theStandardHealthServiceAnswers() {
        var health = HealthGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
        assertEquals(HealthCheckResponse.ServingStatus.SERVING, health.check(HealthCheckRequest.getDefaultInstance()).getStatus());
        assertEquals(HealthCheckResponse.ServingStatus.SERVING,
                health.check(HealthCheckRequest.newBuilder().setService(AssistantServiceGrpc.SERVICE_NAME).build()).getStatus());
        assertEquals(Status.Code.NOT_FOUND, code(() -> health.check(HealthCheckRequest.newBuilder().setService("no.Such").build())));
    }

    @Test
    void reflectionListsAndDescribesTheServices() throws Exception {
        List<ServerReflectionResponse> answers = reflect(
                ServerReflectionRequest.newBuilder().setListServices("*").build(),
                ServerReflectionRequest.newBuilder().setFileContainingSymbol(AssistantServiceGrpc.SERVICE_NAME).build());
        List<String> services = answers.get(0).getListServicesResponse().getServiceList().stream().map(ServiceResponse::getName).toList();
        assertTrue(services.contains(AssistantServiceGrpc.SERVICE_NAME), services.toString());
        assertTrue(services.contains(HealthGrpc.SERVICE_NAME), services.toString());
        var file = com.google.protobuf.DescriptorProtos.FileDescriptorProto.parseFrom(
                answers.get(1).getFileDescriptorResponse().getFileDescriptorProto(0));
        assertEquals("docsassistant/v1/assistant.proto", file.getName());
        assertTrue(file.getServiceList().stream().anyMatch(s -> s.getName().equals("AssistantService")));
    }

    private List<ServerReflectionResponse> reflect(ServerReflectionRequest... requests) throws Exception {
        List<ServerReflectionResponse> out = new ArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        StreamObserver<ServerReflectionRequest> send = ServerReflectionGrpc.newStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                .serverReflectionInfo(new StreamObserver<>() {
                    @Override
                    public void onNext(ServerReflectionResponse value) {
                        synchronized (out) {
                            out.add(value);
                            if (out.size() == requests.length) {
                                done.complete(null);
                            }
                        }
                    }

                    @Override
                    public void onError(Throwable t) {
                        done.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        done.complete(null);
                    }
                });
        for (ServerReflectionRequest r : requests) {
            send.onNext(r);
        }
        done.get(10, TimeUnit.SECONDS);
        send.onCompleted();
        return out;
    }

    private static Status.Code code(Runnable call) {
        return assertThrows(StatusRuntimeException.class, call::run).getStatus().getCode();
    }

    private static String description(Supplier<?> call) {
        return assertThrows(StatusRuntimeException.class, call::get).getStatus().getDescription();
    }

    private JsonNode postJson(String path, String body) {
        try (HttpClientResponse res = http.post(path).header(HeaderNames.CONTENT_TYPE, "application/json")
                .header(HeaderNames.AUTHORIZATION, TestApps.authorization(TestApps.corpora(), "acme")).submit(body)) {
            assertEquals(200, res.status().code());
            return read(res.as(String.class));
        }
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode read(String s) {
        try {
            return JSON.readTree(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
