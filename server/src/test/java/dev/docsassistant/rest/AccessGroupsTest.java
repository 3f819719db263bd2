package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.GetPageRequest;
import dev.docsassistant.proto.v1.SearchRequest;
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

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Access groups come from the credential, never from the request: the page key a site's pages embed
 * (public: anyone can read it from {@code /sites/acme/}) reads no group-restricted page however the
 * request names groups, on {@code /v1/page}, {@code /v1/search}, the assistant, MCP and gRPC; a key
 * made with groups reads them, and a request may narrow its key's groups, never widen them.
 */
class AccessGroupsTest {
    private static final String ADMIN = "an-admin-token-of-at-least-32-characters";
    private static final Pattern EMBEDDED = Pattern.compile("\"assistantKey\":\"([^\"]+)\"");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    static final String SECRET = "The on-call rotation runbook: page the duty engineer within five minutes.";
    private static App app;
    private static WebServer server;
    private static String pageKey;
    private static String staffKey;
    private static String plainKey;

    /**
     * A site {@code acme} of organisation {@code acme} whose page {@code /internal} (holding {@link #SECRET})
     * is for group {@code staff}, and the configuration serving it, in a fresh folder.
     */
    static Path staffSiteConfig(String folderPrefix) throws Exception {
        Path dir = TempDirs.create(folderPrefix);
        new TestSites(dir.resolve("site")).file("docs.json", """
                        {"name": "Acme", "navigation": {"groups": [{"group": "G", "pages": ["index", "retries", "internal"]}]}}""")
                .page("index", "# Welcome\n\nWelcome to the relay docs.", "title: Home")
                .page("retries", "# Retries\n\nFailed deliveries are retried five times with backoff.", "title: Retries")
                .page("internal", "# Runbook\n\n" + SECRET, "title: On-call runbook", "groups: [staff]");
        Path config = dir.resolve("application.yaml");
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  security: {admin-token: %s}
                  sites:
                    - {domain: acme, organization: acme, path: site}
                """.formatted(ADMIN));
        return config;
    }

    @BeforeAll
    static void start() throws Exception {
        app = Bootstrap.start(AppConfig.load(staffSiteConfig("docs-assistant-access-groups-")),
                new PrintStream(OutputStream.nullOutputStream()));
        WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
        ServerSetup.configure(builder, app);
        server = builder.build().start();
        Matcher m = EMBEDDED.matcher(get("/sites/acme/").body());
        assertTrue(m.find(), "the page embeds its key");
        pageKey = m.group(1);
        staffKey = app.keys().create("acme", Optional.empty(), List.of(), List.of("staff"), "test").secret();
        plainKey = app.keys().create("acme", Optional.empty(), List.of(), "test").secret();
    }

    @AfterAll
    static void stop() {
        server.stop();
        app.close();
    }

    @Test
    void thePageKeyReadsNoGroupPageWhateverTheRequestSays() throws Exception {
        HttpResponse<String> page = post("/v1/page/acme", pageKey, "{\"path\": \"/internal\", \"groups\": [\"staff\"]}");
        assertEquals(404, page.statusCode(), page.body());
        assertFalse(page.body().contains(SECRET));
        HttpResponse<String> search = post("/v1/search/acme", pageKey,
                "{\"query\": \"on-call rotation runbook\", \"filter\": {\"groups\": [\"staff\"]}}");
        assertEquals(200, search.statusCode());
        assertFalse(search.body().contains("/internal"), search.body());
        assertEquals(200, post("/v1/page/acme", pageKey, "{\"path\": \"/retries\"}").statusCode(), "public pages stay open");
    }

    @Test
    void aKeyWithoutGroupsCannotNameItsWayIn() throws Exception {
        assertEquals(404, post("/v1/page/acme", plainKey, "{\"path\": \"/internal\", \"groups\": [\"staff\"]}").statusCode());
        HttpResponse<String> search = post("/v1/search/acme", plainKey,
                "{\"query\": \"on-call rotation runbook\", \"filter\": {\"groups\": [\"staff\"]}}");
        assertEquals(200, search.statusCode(), search.body());
        assertFalse(search.body().contains("/internal"), search.body());
    }

    @Test
    void aGroupKeyReadsItsGroupsAndARequestMayOnlyNarrowThem() throws Exception {
        HttpResponse<String> own = post("/v1/page/acme", staffKey, "{\"path\": \"/internal\"}");
        assertEquals(200, own.statusCode(), "naming no groups reads every group of the key");
        assertTrue(own.body().contains(SECRET));
        assertEquals(200, post("/v1/page/acme", staffKey, "{\"path\": \"/internal\", \"groups\": [\"staff\", \"finance\"]}").statusCode());
        assertEquals(404, post("/v1/page/acme", staffKey, "{\"path\": \"/internal\", \"groups\": [\"finance\"]}").statusCode(),
                "naming only other groups narrows the key to none of them");
        assertTrue(post("/v1/search/acme", staffKey, "{\"query\": \"on-call rotation runbook\"}").body().contains("/internal"));
        HttpResponse<String> narrowed = post("/v1/search/acme", staffKey,
                "{\"query\": \"on-call rotation runbook\", \"filter\": {\"groups\": [\"finance\"]}}");
        assertEquals(200, narrowed.statusCode(), narrowed.body());
        assertFalse(narrowed.body().contains("/internal"), narrowed.body());
    }

    @Test
    void theAssistantCitesNoGroupPageForThePageKey() throws Exception {
        String question = "{\"fp\": \"anonymous\", \"filter\": {\"groups\": [\"staff\"]}, \"messages\": [{\"id\": \"m1\", \"role\": \"user\","
                + " \"parts\": [{\"type\": \"text\", \"text\": \"What does the on-call rotation runbook say about the duty engineer?\"}]}]}";
        HttpResponse<String> open = post("/v2/assistant/acme/message", pageKey, question);
        assertEquals(200, open.statusCode());
        assertFalse(open.body().contains("/internal"), open.body());
        assertFalse(open.body().contains("five minutes"), open.body());
        HttpResponse<String> staff = post("/v2/assistant/acme/message", staffKey, question);
        assertTrue(staff.body().contains("/internal"), "the staff key's answer may cite it: " + staff.body());
    }

    @Test
    void mcpGrantsTheKeysGroupsOnly() throws Exception {
        String getPage = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"get_page\",\"arguments\":{\"path\":\"/internal\"}}}";
        for (String key : new String[] {null, pageKey, plainKey}) {
            JsonNode result = JSON.readTree(mcp(key, getPage).body()).get("result");
            assertTrue(result.get("isError").asBoolean(), "hidden from " + key + ": " + result);
            assertFalse(result.toString().contains(SECRET));
        }
        JsonNode staff = JSON.readTree(mcp(staffKey, getPage).body()).get("result");
        assertTrue(staff.toString().contains(SECRET), staff.toString());
    }

    @Test
    void grpcTakesGroupsFromTheKeyToo() throws Exception {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        try {
            GetPageRequest internal = GetPageRequest.newBuilder().setDomain("acme").setPath("/internal").addGroups("staff").build();
            StatusRuntimeException refused = assertThrows(StatusRuntimeException.class, () -> stub(channel, pageKey).getPage(internal));
            assertEquals(Status.Code.NOT_FOUND, refused.getStatus().getCode());
            assertTrue(stub(channel, staffKey).getPage(internal).getContent().contains(SECRET));
            SearchRequest search = SearchRequest.newBuilder().setDomain("acme").setQuery("on-call rotation runbook").build();
            assertTrue(stub(channel, pageKey).search(search).getResultsList().stream().noneMatch(r -> r.getPath().startsWith("/internal")));
            assertTrue(stub(channel, staffKey).search(search).getResultsList().stream().anyMatch(r -> r.getPath().startsWith("/internal")));
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void theAdminApiMakesGroupKeys() throws Exception {
        HttpResponse<String> made = post("/admin/v1/keys", ADMIN, "{\"organization\": \"acme\", \"groups\": [\"staff\"]}");
        assertEquals(201, made.statusCode(), made.body());
        JsonNode key = JSON.readTree(made.body());
        assertEquals(List.of("staff"), List.of(key.get("groups").get(0).asText()));
        assertEquals(200, post("/v1/page/acme", key.get("key").asText(), "{\"path\": \"/internal\"}").statusCode());
        HttpResponse<String> bad = post("/admin/v1/keys", ADMIN, "{\"organization\": \"acme\", \"groups\": [\"a\\nb\"]}");
        assertEquals(400, bad.statusCode());
        assertTrue(bad.body().contains("groups"), bad.body());
    }

    private static AssistantServiceGrpc.AssistantServiceBlockingStub stub(ManagedChannel channel, String key) {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + key);
        return AssistantServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private static HttpResponse<String> mcp(String key, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri("/sites/acme/mcp")).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").POST(HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
            b.header("Authorization", "Bearer " + key);
        }
        HttpResponse<String> res = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, res.statusCode(), res.body());
        return res;
    }

    private static HttpResponse<String> post(String path, String key, String body) throws Exception {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri(path));
        if (path.startsWith("/admin/")) { // the admin API answers on the dashboard's own host only
            builder.header("Host", "dashboard.localhost:" + uri(path).getPort()).version(HttpClient.Version.HTTP_1_1);
        }
        HttpRequest request = builder.header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return OpenApiContract.check(request, body, HTTP.send(request, HttpResponse.BodyHandlers.ofString()));
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }
}
