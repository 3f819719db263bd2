package dev.docsassistant.playground;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.readers.ReaderCookie;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The playground proxy on a real server in front of a real API (a JDK HTTP server on 127.0.0.1,
 * allowed by {@code api-playground.internal-hosts}): what arrives there is exactly what the reader
 * asked for and nothing of the incoming request, and every refusal says which field and rule.
 * Each test counts as a visitor of its own ({@code X-Forwarded-For} behind a trusted proxy), so the
 * per-visitor limit of 3 a minute only meets the test that spends it.
 */
class PlaygroundProxyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final AtomicInteger VISITORS = new AtomicInteger(1);
    /** Released when the class ends: the slow endpoint never answers before the proxy gives up. */
    private static final CountDownLatch RELEASE_SLOW = new CountDownLatch(1);

    private record Seen(String method, String uri, Map<String, List<String>> headers, byte[] body) {
        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
            return values == null ? null : String.join(", ", values);
        }
    }

    private static final List<Seen> SEEN = new CopyOnWriteArrayList<>();
    private static final List<String> OTHER_SEEN = new CopyOnWriteArrayList<>();
    private static HttpServer api;
    private static HttpServer other;
    private static App app;
    private static WebServer server;
    private static int apiPort;
    private static int closedPort;
    private static Path dataDir;
    /** The client address requests claim; null: a new one for each request. */
    private String visitor;

    @BeforeAll
    static void start() throws IOException {
        api = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        api.createContext("/", PlaygroundProxyTest::answer);
        api.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        api.start();
        apiPort = api.getAddress().getPort();
        other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/", exchange -> {
            OTHER_SEEN.add(exchange.getRequestURI().toString());
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        other.start();
        int otherPort = other.getAddress().getPort();
        try (java.net.ServerSocket closed = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = closed.getLocalPort(); // nothing listens there once this closes
        }

        Path dir = TempDirs.create("docs-assistant-playground-");
        String spec = """
                {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
                 "servers": [
                   {"url": "http://127.0.0.1:{port}/{version}",
                    "variables": {"port": {"default": "%1$d"}, "version": {"enum": ["v1", "v2"], "default": "v1"}}},
                   {"url": "http://api.loopback.test:%1$d/v1"},
                   {"url": "http://127.0.0.1:%2$d/v1"},
                   {"url": "http://10.0.0.1/v1"},
                   {"url": "http://169.254.169.254/latest"},
                   {"url": "http://127.0.0.1:%3$d/v1"}],
                 "paths": {"/pets": {"get": {"summary": "List pets", "responses": {"200": {"description": "ok"}}}}}}
                """.formatted(apiPort, otherPort, closedPort);
        site(dir.resolve("api"), spec, "");
        // A page of the partners group, on a server of its own: only its readers may call that server.
        new TestSites(dir.resolve("api")).file("partners.json", """
                        {"openapi": "3.0.3", "info": {"title": "Deals", "version": "1"},
                         "servers": [{"url": "http://127.0.0.1:%d/partners"}],
                         "paths": {"/deals": {"get": {"summary": "Deals", "responses": {"200": {"description": "ok"}}}}}}"""
                        .formatted(apiPort))
                .page("deals", "", "title: Deals", "openapi: /partners.json GET /deals", "groups: [partners]");
        site(dir.resolve("private"), spec, "");
        site(dir.resolve("direct"), spec, "\"api\": {\"playground\": {\"proxy\": false}},");
        site(dir.resolve("quiet"), spec, "\"api\": {\"playground\": {\"display\": \"none\"}},");
        // A page's own display overrides the site's both ways: one opens its server, the other keeps its own closed.
        page(dir.resolve("api"), "closed", "none");
        site(dir.resolve("mixed"), spec, "\"api\": {\"playground\": {\"display\": \"none\"}},");
        page(dir.resolve("mixed"), "opened", "interactive");
        site(dir.resolve("mixeddirect"), spec, "\"api\": {\"playground\": {\"display\": \"simple\", \"proxy\": false}},");
        page(dir.resolve("mixeddirect"), "opened", "interactive");
        new TestSites(dir.resolve("prose")).file("docs.json", """
                {"name": "Prose", "navigation": {"groups": [{"group": "Guides", "pages": ["index"]}]}}""")
                .page("index", "Only words here.", "title: Home");
        Path config = dir.resolve("application.yaml");
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  site-host: loopback.test
                  security: {trusted-proxies: [127.0.0.1/32]}
                  api-playground:
                    internal-hosts: ["127.0.0.1:%d", "127.0.0.1:%d"]
                    timeout: 3s
                    max-response-bytes: 1000
                    max-request-bytes: 4096
                    per-visitor-per-minute: 3
                  sites:
                    - {domain: api, organization: acme, path: api}
                    - {domain: direct, organization: acme, path: direct}
                    - {domain: quiet, organization: acme, path: quiet}
                    - {domain: mixed, organization: acme, path: mixed}
                    - {domain: mixeddirect, organization: acme, path: mixeddirect}
                    - {domain: prose, organization: acme, path: prose}
                    - {domain: private, organization: acme, path: private, reader-auth: {method: password, password: open-sesame}}
                """.formatted(apiPort, closedPort));
        dataDir = dir.resolve("data");
        app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
        WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
        ServerSetup.configure(builder, app);
        server = builder.build().start();
    }

    private static void site(Path dir, String spec, String docsJson) {
        new TestSites(dir).file("docs.json", """
                        {"name": "Pets", %s "navigation": {"groups": [{"group": "API", "pages": ["pets"]}]}}""".formatted(docsJson))
                .file("openapi.json", spec)
                .page("pets", "", "title: List pets", "openapi: /openapi.json GET /pets");
    }

    /** A page named {@code name} whose front matter sets its playground display, on a server of its own ({@code /name}). */
    private static void page(Path site, String name, String display) {
        new TestSites(site).file(name + ".json", """
                        {"openapi": "3.0.3", "info": {"title": "%1$s", "version": "1"},
                         "servers": [{"url": "http://127.0.0.1:%2$d/%1$s"}],
                         "paths": {"/things": {"get": {"summary": "Things", "responses": {"200": {"description": "ok"}}}}}}"""
                        .formatted(name, apiPort))
                .page(name, "", "title: " + name, "openapi: /" + name + ".json GET /things", "playground: " + display);
    }

    @AfterAll
    static void stop() {
        RELEASE_SLOW.countDown();
        if (server != null) {
            server.stop();
        }
        if (app != null) {
            app.close();
        }
        api.stop(0);
        other.stop(0);
    }

    @BeforeEach
    void newVisitor() {
        visitor = null;
    }

    private String visitor() {
        return visitor != null ? visitor : "198.51." + VISITORS.get() / 250 + "." + VISITORS.getAndIncrement() % 250;
    }

    /** The API: records each request, then answers by path. */
    private static void answer(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Map<String, List<String>> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), List.copyOf(v)));
        SEEN.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().toString(), headers, body));
        String path = exchange.getRequestURI().getPath();
        switch (path) {
            case "/v1/slow" -> {
                try {
                    RELEASE_SLOW.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exchange.sendResponseHeaders(200, -1);
            }
            case "/v1/big" -> {
                exchange.getResponseHeaders().add("Content-Type", "text/plain; charset=utf-8");
                exchange.sendResponseHeaders(200, 0); // chunked, longer than the 1000-byte cap
                exchange.getResponseBody().write("é".repeat(2000).getBytes(StandardCharsets.UTF_8));
            }
            case "/v1/binary" -> {
                byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xff};
                exchange.getResponseHeaders().add("Content-Type", "image/png");
                exchange.sendResponseHeaders(200, png.length);
                exchange.getResponseBody().write(png);
            }
            case "/v1/redirect-off" -> {
                exchange.getResponseHeaders().add("Location", "http://127.0.0.1:" + other.getAddress().getPort() + "/secret");
                exchange.sendResponseHeaders(302, -1);
            }
            case "/v1/redirect-in" -> {
                exchange.getResponseHeaders().add("Location", "/v1/pets/landed");
                exchange.sendResponseHeaders(307, -1);
            }
            default -> {
                byte[] answer = "{\"id\": 7, \"name\": \"Rex\"}".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.getResponseHeaders().add("X-Request-Id", "abc");
                exchange.sendResponseHeaders(exchange.getRequestMethod().equals("POST") ? 201 : 200, answer.length);
                exchange.getResponseBody().write(answer);
            }
        }
        exchange.close();
    }

    private static String apiUrl(String path) {
        return "http://127.0.0.1:" + apiPort + path;
    }

    private HttpResponse<String> proxy(String site, String json, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/sites/" + site
                        + "/_playground/request"))
                .header("Content-Type", "application/json").header("X-Forwarded-For", visitor())
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return send(b);
    }

    private static HttpResponse<String> send(HttpRequest.Builder b) {
        try {
            return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> proxy(ObjectNode request, String... headers) {
        return proxy("api", request.toString(), headers);
    }

    private static ObjectNode request(String method, String url) {
        ObjectNode r = JSON.createObjectNode();
        r.put("method", method);
        r.put("url", url);
        return r;
    }

    private static JsonNode json(HttpResponse<String> res) {
        try {
            return JSON.readTree(res.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void refused(HttpResponse<String> res, int status, String... parts) {
        assertEquals(status, res.statusCode(), res.body());
        String message = json(res).path("message").asText();
        for (String part : parts) {
            assertTrue(message.contains(part), "'" + part + "' in: " + message);
        }
    }

    private Seen lastSeen(String path) {
        return SEEN.stream().filter(s -> s.uri().startsWith(path)).reduce((a, b) -> b).orElseThrow(() -> new AssertionError(
                "the API saw no request to " + path + ": " + SEEN.stream().map(Seen::uri).toList()));
    }

    @Test
    void theApiReceivesExactlyThePathQueryHeadersAndJsonBody() {
        ObjectNode r = request("POST", apiUrl("/v1/pets/7?limit=2&tag=a%20b"));
        r.putObject("headers").put("Authorization", "Bearer reader-token").put("Content-Type", "application/json")
                .put("X-Custom", "yes");
        r.put("body", "{\"name\": \"Rex\", \"note\": \"ü\"}");
        HttpResponse<String> res = proxy(r);
        assertEquals(200, res.statusCode(), res.body());
        assertEquals("no-store", res.headers().firstValue("Cache-Control").orElse(""));
        JsonNode out = json(res);
        assertEquals(201, out.path("status").asInt());
        assertEquals("{\"id\": 7, \"name\": \"Rex\"}", out.path("body").asText());
        assertEquals("text", out.path("bodyEncoding").asText());
        assertFalse(out.path("truncated").asBoolean());
        assertEquals("abc", out.path("headers").path("x-request-id").asText());
        assertTrue(out.path("durationMs").isIntegralNumber() && out.path("durationMs").asLong() >= 0, out.toString());

        Seen seen = lastSeen("/v1/pets/7");
        assertEquals("POST", seen.method());
        assertEquals("/v1/pets/7?limit=2&tag=a%20b", seen.uri());
        assertEquals("Bearer reader-token", seen.header("Authorization"));
        assertEquals("application/json", seen.header("Content-Type"));
        assertEquals("yes", seen.header("X-Custom"));
        assertEquals("127.0.0.1:" + apiPort, seen.header("Host"));
        assertEquals("{\"name\": \"Rex\", \"note\": \"ü\"}", new String(seen.body(), StandardCharsets.UTF_8));
    }

    @Test
    void aMultipartFormWithAFileArrivesAsTheFormSaid() {
        ObjectNode r = request("POST", apiUrl("/v1/pets/upload"));
        r.putObject("headers").put("Content-Type", "text/plain"); // replaced by the form's own type
        var parts = r.putArray("multipart");
        parts.addObject().put("name", "note").put("value", "a \"good\" dog");
        parts.addObject().put("name", "photo").put("filename", "rex.png").put("contentType", "image/png")
                .put("base64", Base64.getEncoder().encodeToString(new byte[] {0, 1, 2, (byte) 0xff}));
        HttpResponse<String> res = proxy(r);
        assertEquals(200, res.statusCode(), res.body());
        Seen seen = lastSeen("/v1/pets/upload");
        String type = seen.header("Content-Type");
        assertTrue(type.startsWith("multipart/form-data; boundary="), type);
        String boundary = type.substring(type.indexOf('=') + 1);
        byte[] expected = concat(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\na \"good\" dog\r\n"
                        + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"rex.png\"\r\n"
                        + "Content-Type: image/png\r\n\r\n").getBytes(StandardCharsets.UTF_8),
                new byte[] {0, 1, 2, (byte) 0xff}, ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        assertArrayEquals(expected, seen.body(), new String(seen.body(), StandardCharsets.ISO_8859_1));
        assertEquals(String.valueOf(expected.length), seen.header("Content-Length"));
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    @Test
    void bytesGoAsBase64BothWays() {
        ObjectNode r = request("PUT", apiUrl("/v1/binary"));
        r.put("body", Base64.getEncoder().encodeToString(new byte[] {(byte) 0xca, (byte) 0xfe, 0}));
        r.put("bodyEncoding", "base64");
        HttpResponse<String> res = proxy(r);
        assertEquals(200, res.statusCode(), res.body());
        assertArrayEquals(new byte[] {(byte) 0xca, (byte) 0xfe, 0}, lastSeen("/v1/binary").body());
        JsonNode out = json(res);
        assertEquals("base64", out.path("bodyEncoding").asText());
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xff}, Base64.getDecoder().decode(out.path("body").asText()));
    }

    @Test
    void aServerVariablesEnumValueIsAServerToo() {
        HttpResponse<String> res = proxy(request("GET", apiUrl("/v2/pets")));
        assertEquals(200, res.statusCode(), res.body());
        assertEquals("/v2/pets", lastSeen("/v2/pets").uri());
    }

    @Test
    void nothingOfTheIncomingRequestIsForwarded() {
        ObjectNode r = request("GET", apiUrl("/v1/pets/own"));
        r.putObject("headers").put("X-Only", "1").put("Cookie", "api_key=reader-cookie").put("Connection", "upgrade")
                .put("Accept-Encoding", "gzip");
        HttpResponse<String> res = proxy(r, "Cookie", "docs_session=site-cookie", "Authorization", "Bearer pk_site_page_key",
                "X-Forwarded-Proto", "https", "X-Site-Key", "site");
        assertEquals(200, res.statusCode(), res.body());
        Seen seen = lastSeen("/v1/pets/own");
        assertEquals("api_key=reader-cookie", seen.header("Cookie"), "the reader's own cookie, only");
        assertNull(seen.header("Authorization"));
        assertNull(seen.header("X-Forwarded-For"));
        assertNull(seen.header("X-Forwarded-Proto"));
        assertNull(seen.header("X-Site-Key"));
        assertEquals("1", seen.header("X-Only"));
        assertEquals("identity", seen.header("Accept-Encoding"));
        assertEquals("close", seen.header("Connection"), "hop-by-hop headers are the proxy's own");
        assertEquals("127.0.0.1:" + apiPort, seen.header("Host"));
    }

    @Test
    void headersThatFrameTheRequestOrClaimAProxyAreRefused() {
        for (String name : List.of("Host", "Content-Length", "Transfer-Encoding", "X-Forwarded-For", "Forwarded")) {
            ObjectNode r = request("GET", apiUrl("/v1/pets"));
            r.putObject("headers").put(name, "1");
            refused(proxy(r), 400, "headers." + name + ": set by the proxy");
        }
        ObjectNode split = request("GET", apiUrl("/v1/pets"));
        split.putObject("headers").put("X-Evil", "a\r\nHost: other");
        refused(proxy(split), 400, "headers.X-Evil: a value may not hold a line break");
    }

    @Test
    void internalAddressesAreRefusedUnlessNamed() {
        refused(proxy(request("GET", "http://127.0.0.1:" + other.getAddress().getPort() + "/v1/pets")), 403,
                "url: http://127.0.0.1:" + other.getAddress().getPort() + " reaches an address the playground may not call",
                "docs-assistant.api-playground.internal-hosts");
        assertEquals(List.of(), OTHER_SEEN);
        refused(proxy(request("GET", "http://10.0.0.1/v1/pets")), 403, "url: http://10.0.0.1 reaches an address");
        refused(proxy(request("GET", "http://169.254.169.254/latest/meta-data/")), 403,
                "url: http://169.254.169.254 reaches an address");
        // A name that resolves to 127.0.0.1: the address is what counts, and only 127.0.0.1:port is named.
        int before = SEEN.size();
        refused(proxy(request("GET", "http://api.loopback.test:" + apiPort + "/v1/pets")), 403,
                "url: http://api.loopback.test:" + apiPort + " reaches an address the playground may not call");
        assertEquals(before, SEEN.size(), "nothing reached the API");
    }

    @Test
    void urlsOutsideTheServersAreRefused() {
        String servers = "is not under the servers of this site's API descriptions";
        refused(proxy(request("GET", "http://example.com/v1/pets")), 403, "url: http://example.com/v1/pets " + servers,
                "http://127.0.0.1:" + apiPort + "/v1");
        refused(proxy(request("GET", "http://127.0.0.1:1/v1/pets")), 403, "url: http://127.0.0.1:1/v1/pets " + servers);
        refused(proxy(request("GET", "https://127.0.0.1:" + apiPort + "/v1/pets")), 403, servers);
        refused(proxy(request("GET", apiUrl("/admin"))), 403, servers);
        refused(proxy(request("GET", apiUrl("/v10/pets"))), 403, servers);
        refused(proxy(request("GET", apiUrl("/v1"))).statusCode() == 200 ? proxy(request("GET", apiUrl("/nothing")))
                : proxy(request("GET", apiUrl("/nothing"))), 403, servers);
        for (String escape : List.of("/v1/../admin", "/v1/%2e%2e/admin", "/v1/%2E%2E/admin", "/v1/%252e%252e/admin",
                "/v1/..;/admin", "/v1/./pets")) {
            refused(proxy(request("GET", apiUrl(escape))), 400, "url: the path may not contain '.' or '..' segments");
        }
        refused(proxy(request("GET", apiUrl("/v1%2f..%2fadmin"))), 400, "url: the path may not contain an encoded '/'");
        refused(proxy(request("GET", apiUrl("/v1/%5c..%5cadmin"))), 400, "url: the path may not contain an encoded '/' or '\\'");
        refused(proxy(request("GET", "http://user:pw@127.0.0.1:" + apiPort + "/v1/pets")), 400, "url: may not carry user info");
        refused(proxy(request("GET", "file:///etc/passwd")), 400, "url: must be an absolute http or https URL");
        refused(proxy(request("GET", "/v1/pets")), 400, "url: must be an absolute http or https URL");
        assertTrue(SEEN.stream().noneMatch(s -> s.uri().contains("admin") || s.uri().startsWith("/v10")), SEEN.toString());
    }

    @Test
    void redirectsAreFollowedOnlyWithinTheServers() {
        HttpResponse<String> inside = proxy(request("GET", apiUrl("/v1/redirect-in")));
        assertEquals(200, inside.statusCode(), inside.body());
        assertEquals(apiUrl("/v1/pets/landed"), json(inside).path("url").asText());
        refused(proxy(request("GET", apiUrl("/v1/redirect-off"))), 403,
                "the API redirected off the servers of this site's API descriptions",
                "http://127.0.0.1:" + other.getAddress().getPort() + "/secret is not under the servers");
        assertEquals(List.of(), OTHER_SEEN);
    }

    @Test
    void aLongResponseIsCutAtTheLimitAndSaysSo() {
        HttpResponse<String> res = proxy(request("GET", apiUrl("/v1/big")));
        assertEquals(200, res.statusCode(), res.body());
        JsonNode out = json(res);
        assertTrue(out.path("truncated").asBoolean(), out.toString());
        assertEquals("text", out.path("bodyEncoding").asText());
        assertEquals("é".repeat(500), out.path("body").asText(), "1000 bytes: 500 two-byte characters");
    }

    @Test
    void aSlowApiTimesOutWithTheSettingNamed() {
        refused(proxy(request("GET", apiUrl("/v1/slow"))), 504,
                "the API at " + "http://127.0.0.1:" + apiPort + " did not answer within 3s (docs-assistant.api-playground.timeout)");
    }

    @Test
    void aVisitorOverTheLimitGets429() {
        visitor = "203.0.113.9";
        for (int i = 0; i < 3; i++) {
            assertEquals(200, proxy(request("GET", apiUrl("/v1/pets"))).statusCode());
        }
        HttpResponse<String> over = proxy(request("GET", apiUrl("/v1/pets")));
        refused(over, 429, "too many API playground requests from your address to site api (at most 3 a minute)");
        assertTrue(over.headers().firstValue("Retry-After").isPresent());
        visitor = "203.0.113.10";
        assertEquals(200, proxy(request("GET", apiUrl("/v1/pets"))).statusCode(), "another visitor has a budget of its own");
    }

    @Test
    void sitesWhosePlaygroundDoesNotUseTheProxyAreRefused() {
        refused(proxy("direct", request("GET", apiUrl("/v1/pets")).toString()), 403,
                "site direct sends playground requests from the browser (docs.json api.playground.proxy: false)");
        refused(proxy("quiet", request("GET", apiUrl("/v1/pets")).toString()), 403,
                "site quiet has no page with an interactive API playground (docs.json api.playground.display: none");
        refused(proxy("prose", request("GET", apiUrl("/v1/pets")).toString()), 403,
                "site prose has no API server to call");
        refused(proxy("nosuch", request("GET", apiUrl("/v1/pets")).toString()), 404, "unknown site: nosuch");
    }

    @Test
    void aPagesOwnDisplayOpensOrKeepsClosedItsServers() {
        HttpResponse<String> opened = proxy("mixed", request("GET", apiUrl("/opened/things")).toString());
        assertEquals(200, opened.statusCode(), "the page's playground: interactive overrides the site's none: " + opened.body());
        assertEquals("/opened/things", lastSeen("/opened").uri());
        refused(proxy("mixed", request("GET", apiUrl("/v1/pets")).toString()), 403,
                "is not under the servers of this site's API descriptions");
        refused(proxy(request("GET", apiUrl("/closed/things"))), 403,
                "url: " + apiUrl("/closed/things") + " is not under the servers of this site's API descriptions");
        assertTrue(SEEN.stream().noneMatch(s -> s.uri().startsWith("/closed")), SEEN.toString());
    }

    @Test
    void aPrivateSitesProxyIsForItsSignedInReaders() {
        refused(proxy("private", request("GET", apiUrl("/v1/pets")).toString()), 401,
                "site private is private: sign in to use its API playground");
        String token = app.readers().sessions().open("private", Reader.anonymous(Instant.now().plus(Duration.ofHours(1))));
        HttpResponse<String> signedIn = proxy("private", request("GET", apiUrl("/v1/pets/private")).toString(),
                "Cookie", ReaderCookie.SESSION + "=" + token);
        assertEquals(200, signedIn.statusCode(), signedIn.body());
        assertNull(lastSeen("/v1/pets/private").header("Cookie"), "the reader's session cookie stays here");
    }

    @Test
    void theServersOfAGroupsPagesAreForThatGroupsReadersOnly() {
        refused(proxy(request("GET", apiUrl("/partners/deals"))), 403,
                "url: " + apiUrl("/partners/deals") + " is not under the servers of this site's API descriptions");
        assertTrue(SEEN.stream().noneMatch(s -> s.uri().startsWith("/partners")), SEEN.toString());
    }

    @Test
    void badRequestsNameTheirField() {
        refused(proxy(request("FETCH", apiUrl("/v1/pets"))), 400, "method: 'FETCH' is not an HTTP method");
        ObjectNode big = request("POST", apiUrl("/v1/pets"));
        big.put("body", "x".repeat(5000));
        refused(proxy(big), 413, "body: 5000 bytes; the playground sends at most 4096 (docs-assistant.api-playground.max-request-bytes)");
        ObjectNode both = request("POST", apiUrl("/v1/pets"));
        both.put("body", "x");
        both.putArray("multipart");
        refused(proxy(both), 400, "body and multipart: send one of them");
        ObjectNode base64 = request("POST", apiUrl("/v1/pets"));
        base64.put("body", "not*base64");
        base64.put("bodyEncoding", "base64");
        refused(proxy(base64), 400, "body: not valid base64");
        refused(proxy("api", "{\"method\": \"GET\"}"), 400, "url is required");
        HttpResponse<String> text = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                + "/sites/api/_playground/request")).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(request("GET", apiUrl("/v1/pets")).toString())));
        refused(text, 415, "Content-Type: the playground proxy takes application/json");
        HttpResponse<String> get = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                + "/sites/api/_playground/request")).GET());
        refused(get, 405, "method GET is not allowed here; use POST");
    }

    @Test
    void anotherWebsiteCannotUseTheProxy() {
        refused(proxy(request("GET", apiUrl("/v1/pets")), "Origin", "https://evil.example"), 403,
                "Origin: https://evil.example may not use this site's playground proxy (same origin only)");
        HttpResponse<String> same = proxy(request("GET", apiUrl("/v1/pets")), "Origin", "http://127.0.0.1:" + server.port());
        assertEquals(200, same.statusCode(), same.body());
    }

    @Test
    void aSitesOwnHostServesTheProxyAtTheRoot() {
        HttpResponse<String> res = send(HttpRequest.newBuilder(URI.create("http://api.loopback.test:" + server.port() + PLAYGROUND))
                .header("Content-Type", "application/json").header("X-Forwarded-For", visitor())
                .POST(HttpRequest.BodyPublishers.ofString(request("GET", apiUrl("/v1/pets/by-host")).toString())));
        assertEquals(200, res.statusCode(), res.body());
        assertEquals("/v1/pets/by-host", lastSeen("/v1/pets/by-host").uri());
    }

    private static final String PLAYGROUND = "/_playground/request";

    @Test
    void noCredentialOrBodyIsLoggedOrStored() throws IOException {
        Logger root = Logger.getLogger("");
        Level level = root.getLevel();
        root.setLevel(Level.ALL);
        try (CapturedLogs logs = CapturedLogs.all()) {
            ObjectNode r = request("POST", apiUrl("/v1/pets/secret"));
            r.putObject("headers").put("Authorization", "Bearer sk_live_reader_secret").put("Cookie", "session=reader-cookie-secret");
            r.put("body", "{\"password\": \"body-secret\"}");
            assertEquals(200, proxy(r).statusCode());
            refused(proxy(request("GET", "http://10.0.0.1/v1/pets?token=query-secret")), 403, "reaches an address");
            String text = logs.text();
            for (String secret : List.of("sk_live_reader_secret", "reader-cookie-secret", "body-secret", "query-secret")) {
                assertFalse(text.contains(secret), secret + " was logged: " + text);
                assertEquals(List.of(), filesHolding(secret), "stored in the data directory (store, insights)");
            }
        } finally {
            root.setLevel(level);
        }
    }

    private static List<Path> filesHolding(String secret) throws IOException {
        byte[] needle = secret.getBytes(StandardCharsets.UTF_8);
        try (var files = Files.walk(dataDir)) {
            return files.filter(Files::isRegularFile).filter(f -> {
                try {
                    return indexOf(Files.readAllBytes(f), needle) >= 0;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Test
    void anApiThatCannotBeReachedIs502() {
        refused(proxy(request("GET", "http://127.0.0.1:" + closedPort + "/v1/pets")), 502,
                "the API at http://127.0.0.1:" + closedPort + " could not be reached");
    }

    @Test
    void thePagesPolicyAllowsTheProxyOrExactlyTheServers() {
        HttpResponse<String> proxied = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/sites/api/pets")));
        assertEquals(200, proxied.statusCode());
        String connect = directive(proxied.headers().firstValue("Content-Security-Policy").orElseThrow(), "connect-src");
        assertEquals("connect-src 'self'", connect);
        HttpResponse<String> direct = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/sites/direct/pets")));
        assertEquals(200, direct.statusCode());
        assertEquals("connect-src 'self' http://127.0.0.1:" + apiPort + "/v1/ http://127.0.0.1:" + apiPort + "/v2/"
                        + " http://api.loopback.test:" + apiPort + "/v1/ http://127.0.0.1:" + other.getAddress().getPort() + "/v1/"
                        + " http://10.0.0.1/v1/ http://169.254.169.254/latest/ http://127.0.0.1:" + closedPort + "/v1/",
                directive(direct.headers().firstValue("Content-Security-Policy").orElseThrow(), "connect-src"));
    }

    @Test
    void aPageThatSendsFromTheBrowserIsAllowedItsServerOnlyWhenItsDisplayDoes() {
        HttpResponse<String> page = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/sites/mixeddirect/opened")));
        assertEquals(200, page.statusCode());
        assertEquals("connect-src 'self' http://127.0.0.1:" + apiPort + "/opened/",
                directive(page.headers().firstValue("Content-Security-Policy").orElseThrow(), "connect-src"),
                "the site's simple display opens no server; the page's interactive one opens its own");
        assertTrue(page.body().contains("id=\"da:playground\""), "the page shows the playground");
    }

    private static String directive(String csp, String name) {
        for (String d : csp.split(";")) {
            if (d.strip().startsWith(name + " ")) {
                return d.strip();
            }
        }
        throw new AssertionError(name + " not in " + csp);
    }
}
