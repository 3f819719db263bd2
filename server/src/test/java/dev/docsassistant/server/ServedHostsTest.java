package dev.docsassistant.server;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.SearchRequest;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.webclient.api.HttpClientRequest;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which host names the server answers for, and what each serves: DNS rebinding (an unknown Host is
 * 421, MCP's Origin check uses the same list), the dashboard and admin API on their own host only,
 * links built from configured hosts only, and health details and metrics off the public port.
 */
@ServerTest
class ServedHostsTest {
    private static final String ADMIN_TOKEN = "admin-token-of-the-hosts-test-0123456789";
    private static final String MCP_PING = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{}}";
    private static App app;
    private final WebServer server;
    private final WebClient client;
    private final int port;

    ServedHostsTest(WebServer server) {
        this.server = server;
        this.port = server.port();
        this.client = WebClient.builder().baseUri("http://127.0.0.1:" + port).followRedirects(false).build();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        app = Bootstrap.start(AppConfig.load(config("security: {admin-token: " + ADMIN_TOKEN + "}",
                "allowed-hosts: [api.example.test]")), new PrintStream(OutputStream.nullOutputStream()));
        ServerSetup.configure(server, app);
    }

    /** Site acme (organisation acme), site other (organisation other, served also at docs.other.test). */
    private static Path config(String docsAssistantYaml, String serverYaml) throws IOException {
        Path dir = TempDirs.create("docs-assistant-hosts-");
        new TestSites(dir.resolve("site")).file("docs.json", """
                        {"name": "S", "navigation": {"groups": [{"group": "G", "pages": ["index", "retries"]}]}}""")
                .page("index", "# Welcome\n\nWelcome to the relay docs.", "title: Home")
                .page("retries", "# Retries\n\nFailed deliveries are retried five times.", "title: Retries");
        Files.writeString(dir.resolve("application.yaml"), """
                server:
                %s
                docs-assistant:
                  data-dir: data
                  sites:
                    - {domain: acme, organization: acme, path: site}
                    - {domain: other, organization: other, path: site, url: "https://docs.other.test"}
                %s""".formatted(serverYaml.indent(2), docsAssistantYaml.indent(2)));
        return dir.resolve("application.yaml");
    }

    @AfterAll
    static void close() {
        app.close();
    }

    private record Reply(int status, String body, String location) {
    }

    private Reply send(Method method, String path, String host, String body, String... headers) {
        HttpClientRequest req = client.method(method).path(path).header(HeaderNames.HOST, host);
        for (int i = 0; i < headers.length; i += 2) {
            req.header(HeaderNames.create(headers[i]), headers[i + 1]);
        }
        try (HttpClientResponse res = body == null ? req.request() : req.submit(body)) {
            return new Reply(res.status().code(), res.entity().hasEntity() ? res.as(String.class) : "",
                    res.headers().first(HeaderNames.LOCATION).orElse(""));
        }
    }

    private Reply get(String path, String host) {
        return send(Method.GET, path, host, null);
    }

    private Reply mcp(String path, String host, String origin) {
        return send(Method.POST, path, host, MCP_PING, "Content-Type", "application/json",
                "Accept", "application/json, text/event-stream", "Origin", origin);
    }

    @Test
    void aReboundHostNameReachesNothingEvenWithAMatchingOrigin() {
        String rebound = "rebind.attacker.test:" + port;
        Reply mcp = mcp("/sites/acme/mcp", rebound, "http://" + rebound);
        assertEquals(421, mcp.status(), mcp.body());
        assertTrue(mcp.body().contains("\"message\""), mcp.body());
        assertEquals(421, get("/sites/acme/", rebound).status());
        assertEquals(421, send(Method.POST, "/v1/search/acme", rebound, "{\"query\":\"retries\"}",
                "Content-Type", "application/json").status());
        // The hosts the configuration names are served.
        assertEquals(200, mcp("/sites/acme/mcp", "localhost:" + port, "http://localhost:" + port).status());
        assertEquals(200, mcp("/mcp", "acme.localhost:" + port, "http://acme.localhost:" + port).status());
        assertEquals(200, mcp("/sites/acme/mcp", "api.example.test", "https://api.example.test").status());
        assertEquals(200, get("/", "docs.other.test").status(), "a site's own url serves it at the root");
    }

    @Test
    void grpcAppliesTheSameRuleToItsAuthority() throws InterruptedException {
        Metadata auth = new Metadata();
        auth.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
                "Bearer " + app.keys().create("acme", Optional.empty(), List.of(), "hosts test").secret());
        SearchRequest search = SearchRequest.newBuilder().setDomain("acme").setQuery("retries").build();
        ManagedChannel rebound = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .overrideAuthority("rebind.attacker.test:" + port).build();
        ManagedChannel local = NettyChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        try {
            StatusRuntimeException refused = assertThrows(StatusRuntimeException.class, () -> AssistantServiceGrpc
                    .newBlockingStub(rebound).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(auth)).search(search));
            assertEquals(Status.Code.PERMISSION_DENIED, refused.getStatus().getCode(), refused.getStatus().toString());
            assertTrue(refused.getStatus().getDescription().contains("rebind.attacker.test"), refused.getStatus().getDescription());
            assertEquals(HealthCheckResponse.ServingStatus.SERVING, HealthGrpc.newBlockingStub(rebound)
                    .check(HealthCheckRequest.getDefaultInstance()).getStatus(), "probes reach health by any name");
            assertTrue(AssistantServiceGrpc.newBlockingStub(local).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(auth))
                    .search(search).getResultsCount() > 0);
        } finally {
            rebound.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            local.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void mcpTakesOriginsOfConfiguredHostsOnly() {
        Reply foreign = mcp("/sites/acme/mcp", "localhost:" + port, "http://rebind.attacker.test:" + port);
        assertEquals(403, foreign.status(), foreign.body());
        assertEquals(200, mcp("/sites/acme/mcp", "localhost:" + port, "http://acme.localhost:" + port).status());
        assertEquals(403, mcp("/sites/acme/mcp", "localhost:" + port, "http://dashboard.localhost:" + port).status(),
                "the dashboard's pages have no business with MCP");
    }

    @Test
    void theDashboardAndTheAdminApiAnswerOnTheDashboardsHostAlone() {
        String dashboard = "dashboard.localhost:" + port;
        assertEquals("/dashboard/sign-in", get("/dashboard/acme", dashboard).location());
        Reply admin = send(Method.GET, "/admin/v1/keys", dashboard, null, "Authorization", "Bearer " + ADMIN_TOKEN);
        assertEquals(200, admin.status(), admin.body());
        for (String host : new String[] {"acme.localhost:" + port, "localhost:" + port, "127.0.0.1:" + port,
                "docs.other.test", "api.example.test"}) {
            Reply page = get("/dashboard/acme", host);
            assertEquals(421, page.status(), host);
            assertTrue(page.body().contains("served at http://dashboard.localhost"), page.body());
            assertEquals(421, get("/dashboard/sign-in", host).status(), host);
            assertEquals(421, send(Method.GET, "/admin/v1/keys", host, null, "Authorization", "Bearer " + ADMIN_TOKEN).status(), host);
        }
        // Nothing a docs author or a vendor wrote runs on the dashboard's origin.
        assertEquals(404, get("/sites/acme/", dashboard).status());
        assertEquals(404, get("/", dashboard).status());
        assertEquals(404, get("/_assets/site.js", dashboard).status());
        assertEquals(404, mcp("/sites/acme/mcp", dashboard, "http://" + dashboard).status());
    }

    @Test
    void sitesOfDifferentOrganisationsNeverShareAnOrigin() {
        assertEquals(200, get("/", "acme.localhost:" + port).status());
        assertEquals(404, get("/sites/other/", "acme.localhost:" + port).status(), "acme's origin serves acme alone");
        assertEquals(404, get("/sites/acme/", "docs.other.test").status());
        assertEquals(404, get("/sites/acme/", "api.example.test").status(), "an API name serves no rendered page");
        assertEquals(200, get("/sites/acme/", "localhost:" + port).status(), "the path-based form, for local use");
    }

    @Test
    void linksForAgentsStartAtConfiguredHostsOnly() {
        Reply evil = get("/llms.txt", "evil.test");
        assertEquals(421, evil.status());
        assertFalse(evil.body().contains("http://evil.test/"), evil.body());
        assertFalse(get("/sites/acme/sitemap.xml", "evil.test:" + port).body().contains("http://evil.test"));

        String sitemap = get("/sitemap.xml", "acme.localhost:" + port).body();
        assertTrue(sitemap.contains("<loc>http://acme.localhost:" + port + "/retries</loc>"), sitemap);
        String local = get("/sites/acme/llms.txt", "localhost:" + port).body();
        assertTrue(local.contains("http://localhost:" + port + "/sites/acme/retries.md"), local);
        String custom = get("/llms.txt", "docs.other.test").body();
        assertTrue(custom.contains("https://docs.other.test/retries.md"), custom);
    }

    @Test
    void linkBasesIgnoreAHostTheConfigurationDoesNotName() {
        var hosts = app.settings().hosts();
        var acme = app.config().sites().getFirst();
        assertEquals("http://acme.localhost:8080", hosts.linkBase(acme, "evil.test:8080", false, false));
        assertEquals("http://acme.localhost:8080", hosts.linkBase(acme, "evil.test:8080", false, true));
        assertEquals("http://localhost:8080/sites/acme", hosts.linkBase(acme, "localhost:8080", false, true));
        assertEquals("http://acme.localhost", hosts.linkBase(acme, "acme.localhost:80x", false, false));
    }

    @Test
    void healthDetailsAndMetricsAreOnTheManagementListenerOnly() {
        Reply metrics = get("/observe/metrics", "localhost:" + port);
        assertEquals(404, metrics.status());
        assertFalse(metrics.body().contains("docs_assistant_"), metrics.body());
        Reply ready = get("/observe/health/ready", "10.1.2.3:" + port);
        assertEquals(200, ready.status(), "probes name the pod by its address: any host reaches them");
        assertEquals("{\"status\":\"UP\"}", ready.body().replace(" ", ""));
        assertEquals(200, get("/observe/health/live", "10.1.2.3:" + port).status());

        WebClient management = WebClient.builder().baseUri("http://127.0.0.1:" + server.port(ServerSettings.MANAGEMENT)).build();
        try (HttpClientResponse res = management.get("/observe/metrics").request()) {
            assertEquals(200, res.status().code());
            assertTrue(res.as(String.class).contains("docs_assistant_"));
        }
        try (HttpClientResponse res = management.get("/observe/health/ready").request()) {
            assertEquals(200, res.status().code());
            assertTrue(res.as(String.class).contains("store"), "the details, for operators");
        }
    }

    @Test
    void theDashboardCannotShareASitesHost() throws IOException {
        Path config = config("dashboard: {url: \"http://acme.localhost:8080\"}", "port: 0");
        ConfigException e = assertThrows(ConfigException.class, () -> Bootstrap.start(AppConfig.load(config),
                new PrintStream(OutputStream.nullOutputStream())));
        assertTrue(e.getMessage().contains("docs-assistant.dashboard.url"), e.getMessage());
    }
}
