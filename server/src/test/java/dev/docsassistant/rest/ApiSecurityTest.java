package dev.docsassistant.rest;

import dev.docsassistant.web.Json;

import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.server.ServerSetup;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.security.ApiKey;
import dev.docsassistant.security.ApiKeys;
import dev.docsassistant.security.KeyHasher;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.TestSites;
import io.helidon.http.HeaderName;
import io.helidon.http.Method;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keys, organisations, rate limits, client addresses, CORS, request limits and the admin API over
 * real HTTP, on a small site with small limits. The test client is a trusted proxy (127.0.0.1), so
 * each test picks its own client addresses with X-Forwarded-For; the untrusted peer is 127.0.0.2.
 */
@ServerTest
class ApiSecurityTest {
    private static final String ADMIN_TOKEN = "admin-" + "t".repeat(40);
    private static final String CONFIGURED_KEY = KeyHasher.newKey();
    private static final int IP_PER_DAY = 5;
    private static final int ORG_PER_HOUR = 20;
    private static final AtomicInteger ADDRESSES = new AtomicInteger();
    private static CapturedLogs logs;
    private static App app;
    private static int port;

    private final ApiClient api;

    ApiSecurityTest(WebClient client, WebServer server) {
        this.api = new ApiClient(client);
        port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        logs = CapturedLogs.all();
        Path dir = TempDirs.create("docs-assistant-security-");
        new TestSites(dir.resolve("site")).file("docs.json", """
                        {"name": "S", "navigation": {"groups": [{"group": "G", "pages": ["index", "retries"]}]}}""")
                .page("index", "# Welcome\n\nWelcome to the relay docs.", "title: Home")
                .page("retries", "# Retries\n\nFailed deliveries are retried five times with backoff.", "title: Retries");
        StringBuilder sites = new StringBuilder();
        for (String org : List.of("alpha", "beta", "gamma", "delta", "ipcount", "cors", "limits")) {
            sites.append("    - {domain: ").append(org).append("-docs, organization: ").append(org).append(", path: site}\n");
        }
        Files.writeString(dir.resolve("application.yaml"), """
                docs-assistant:
                  data-dir: data
                  limits:
                    organization-per-hour: %d
                    ip-per-day: %d
                    max-body-bytes: 4000
                    max-messages: 3
                    max-text-chars: 500
                    max-context-items: 2
                  security:
                    admin-token: %s
                    trusted-proxies: [127.0.0.1, "::1"]
                  sites:
                %s    - domain: conf-docs
                      organization: conf
                      path: site
                      assistant-key: %s
                      assistant-key-origins: [https://conf.example]
                """.formatted(ORG_PER_HOUR, IP_PER_DAY, ADMIN_TOKEN, sites, CONFIGURED_KEY));
        app = Bootstrap.start(AppConfig.load(dir.resolve("application.yaml")), new PrintStream(OutputStream.nullOutputStream()));
        ServerSetup.configure(server, app);
    }

    @AfterAll
    static void close() {
        logs.close();
        app.close();
    }

    record Reply(int status, Map<String, String> headers, String body) {
        JsonNode json() {
            try {
                return Json.MAPPER.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        String header(String name) {
            return headers.get(name.toLowerCase());
        }

        String message() {
            return json().get("message").asText();
        }
    }

    /** A fresh client address for each call unless one is given. */
    private static String nextAddress() {
        int n = ADDRESSES.incrementAndGet();
        return "198.18." + (n >> 8) + "." + (n & 255);
    }

    private Reply send(Method method, String path, String body, String authorization, String forwardedFor, String... headers) {
        List<String> all = new ArrayList<>(List.of("X-Forwarded-For", forwardedFor == null ? nextAddress() : forwardedFor));
        if (authorization != null) {
            all.addAll(List.of("Authorization", authorization));
        }
        if (body != null) {
            all.addAll(List.of("Content-Type", "application/json"));
        }
        if (path.startsWith("/admin/")) {
            all.addAll(List.of("Host", "dashboard.localhost")); // the admin API answers on the dashboard's host only
        }
        all.addAll(List.of(headers));
        ApiClient.Reply res = api.send(method, path, body, all.toArray(String[]::new));
        Map<String, String> h = new LinkedHashMap<>();
        res.headers().forEach(header -> h.put(header.name().toLowerCase(), header.get()));
        return new Reply(res.status(), h, res.body());
    }

    /** The deprecated v1 route says so on refusals too (the defaults: no docs-assistant.v1 dates here). */
    private static void assertSunsetHeaders(Reply r) {
        assertEquals("@1795305600", r.header("Deprecation"), "Deprecation on " + r.status());
        assertEquals("Wed, 30 Jun 2027 23:59:59 GMT", r.header("Sunset"), "Sunset on " + r.status());
        assertTrue(String.valueOf(r.header("Link")).endsWith("; rel=\"successor-version\""), "Link on " + r.status());
    }

    private Reply post(String path, String body, String authorization, String... headers) {
        return send(Method.POST, path, body, authorization, null, headers);
    }

    private static String key(String organization) {
        return TestApps.authorization(app, organization);
    }

    private static String search(String query) {
        return Json.write(Json.object("query", query));
    }

    private static String v2(String text) {
        return Json.write(Json.object("fp", "anonymous", "messages", List.of(Json.object("id", "m1", "role", "user",
                "parts", List.of(Json.object("type", "text", "text", text))))));
    }

    private static String v1(String text) {
        return Json.write(Json.object("fp", "anonymous", "messages", List.of(Json.object("role", "user", "content", text))));
    }

    /** Every API route of a site, with a valid body. */
    private static Map<String, String> routes(String domain) {
        Map<String, String> routes = new LinkedHashMap<>();
        routes.put("/v1/search/" + domain, search("retries"));
        routes.put("/v1/page/" + domain, Json.write(Json.object("path", "/retries")));
        routes.put("/v2/assistant/" + domain + "/message", v2("How are deliveries retried?"));
        routes.put("/v1/assistant/" + domain + "/message", v1("How are deliveries retried?"));
        return routes;
    }

    @Test
    void everyRouteNeedsAValidKey() {
        ApiKeys.Created toRevoke = app.keys().create("alpha", Optional.empty(), List.of(), "test");
        String revoked = "Bearer " + toRevoke.secret();
        assertEquals(200, post("/v1/search/alpha-docs", search("retries"), revoked).status(), "usable before it is revoked");
        app.keys().revoke(toRevoke.key().id());
        String expired = "Bearer " + app.keys().create("alpha", Optional.of(Instant.now().minusSeconds(60)), List.of(), "test").secret();
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put(null, "missing Authorization header: send 'Authorization: Bearer svc_dsc_…'");
        expected.put("Basic YWxhZGRpbjpvcGVuc2VzYW1l", "Authorization must be 'Bearer svc_dsc_…'");
        expected.put("Bearer", "Authorization must be 'Bearer svc_dsc_…'");
        expected.put("Bearer not-a-key", "invalid key");
        expected.put("Bearer " + KeyHasher.newKey(), "invalid key");
        expected.put(revoked, "key has been revoked");
        expected.put(expired, "key has expired");
        for (Map.Entry<String, String> route : routes("alpha-docs").entrySet()) {
            for (Map.Entry<String, String> c : expected.entrySet()) {
                Reply r = post(route.getKey(), route.getValue(), c.getKey());
                assertEquals(401, r.status(), route.getKey() + " " + c.getKey());
                assertEquals(c.getValue(), r.message(), route.getKey() + " " + c.getKey());
                assertEquals("Bearer", r.header("WWW-Authenticate"));
                if (route.getKey().startsWith("/v1/assistant/")) {
                    assertSunsetHeaders(r);
                }
            }
        }
        // Without a valid key, a site that does not exist looks exactly like one that does.
        for (String auth : new String[]{null, "Bearer " + KeyHasher.newKey()}) {
            Reply real = post("/v1/search/alpha-docs", search("x"), auth);
            Reply none = post("/v1/search/no-such-site", search("x"), auth);
            assertEquals(real.status(), none.status());
            assertEquals(real.body(), none.body());
        }
    }

    @Test
    void aKeyOfAnotherOrganisationIs403OnEveryRoute() {
        for (Map.Entry<String, String> route : routes("alpha-docs").entrySet()) {
            Reply r = post(route.getKey(), route.getValue(), key("beta"));
            assertEquals(403, r.status(), route.getKey());
            assertEquals("this key is not valid for site 'alpha-docs'", r.message());
            if (route.getKey().startsWith("/v1/assistant/")) {
                assertSunsetHeaders(r);
            }
        }
        assertEquals(403, post("/v1/search/no-such-site", search("x"), key("beta")).status());
        for (Map.Entry<String, String> route : routes("beta-docs").entrySet()) {
            Reply r = post(route.getKey(), route.getValue(), key("beta"));
            assertEquals(200, r.status(), route.getKey() + " " + r.body());
        }
    }

    @Test
    void theAddressLimitIsExactAndCountsBehindTheTrustedProxy() {
        String client = "203.0.113.50";
        for (int i = 1; i <= IP_PER_DAY; i++) {
            Reply r = send(Method.POST, "/v1/search/ipcount-docs", search("retries"), key("ipcount"), "6.6.6.6, " + client);
            assertEquals(200, r.status(), r.body());
            assertEquals(String.valueOf(IP_PER_DAY), r.header("RateLimit-Limit"));
            assertEquals(String.valueOf(IP_PER_DAY - i), r.header("RateLimit-Remaining"));
            long reset = Long.parseLong(r.header("RateLimit-Reset"));
            assertTrue(reset > 86_000 && reset <= 86_400, String.valueOf(reset));
            assertNull(r.header("Retry-After"));
        }
        // The spoofed leftmost entry changes nothing: the rightmost untrusted address is the client.
        Reply limited = send(Method.POST, "/v1/search/ipcount-docs", search("retries"), key("ipcount"), "7.7.7.7, " + client);
        assertEquals(429, limited.status());
        assertTrue(limited.message().startsWith("too many requests from this address"), limited.message());
        assertEquals("0", limited.header("RateLimit-Remaining"));
        long retryAfter = Long.parseLong(limited.header("Retry-After"));
        assertTrue(retryAfter > 86_000 && retryAfter <= 86_400, String.valueOf(retryAfter));
        assertEquals(429, send(Method.POST, "/v2/assistant/ipcount-docs/message", v2("hi"), null, client).status(),
                "every route and even requests without a key count");
        Reply v1 = send(Method.POST, "/v1/assistant/ipcount-docs/message", v1("hi"), key("ipcount"), client);
        assertEquals(429, v1.status());
        assertSunsetHeaders(v1);
        assertEquals(200, send(Method.POST, "/v1/search/ipcount-docs", search("retries"), key("ipcount"), "203.0.113.51").status(),
                "another client has its own count");
    }

    @Test
    void aSpoofedForwardedForFromAnUntrustedPeerDoesNotMoveTheBucket() throws IOException {
        for (int i = 1; i <= IP_PER_DAY; i++) {
            assertEquals(200, rawPostFrom127002("/v1/search/ipcount-docs", search("retries"), key("ipcount"), "192.0.2." + i));
        }
        assertEquals(429, rawPostFrom127002("/v1/search/ipcount-docs", search("retries"), key("ipcount"), "192.0.2.99"));
        // The forwarded addresses it named were never charged.
        assertEquals(String.valueOf(IP_PER_DAY - 1),
                send(Method.POST, "/v1/search/ipcount-docs", search("retries"), key("ipcount"), "192.0.2.1").header("RateLimit-Remaining"));
    }

    /** A request over a socket bound to 127.0.0.2 (not a trusted proxy); returns the status. */
    private static int rawPostFrom127002(String path, String body, String authorization, String forwardedFor) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress("127.0.0.2", 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(10_000);
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Authorization: " + authorization + "\r\nX-Forwarded-For: " + forwardedFor + "\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) != -1 && b != '\n') {
                line.write(b);
            }
            return Integer.parseInt(line.toString(StandardCharsets.US_ASCII).split(" ")[1]);
        }
    }

    @Test
    void theOrganisationLimitHoldsExactlyUnderConcurrentRequests() throws Exception {
        int attempts = ORG_PER_HOUR + 15;
        String auth = key("delta");
        List<Future<Reply>> replies = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < attempts; i++) {
                String route = i % 2 == 0 ? "/v1/search/delta-docs" : "/v1/page/delta-docs";
                String body = i % 2 == 0 ? search("retries") : Json.write(Json.object("path", "/retries"));
                replies.add(pool.submit(() -> post(route, body, auth)));
            }
        }
        int ok = 0;
        int limited = 0;
        for (Future<Reply> f : replies) {
            Reply r = f.get();
            if (r.status() == 200) {
                ok++;
            } else {
                assertEquals(429, r.status(), r.body());
                assertTrue(r.message().startsWith("organization request limit reached"), r.message());
                assertEquals(String.valueOf(ORG_PER_HOUR), r.header("RateLimit-Limit"));
                assertTrue(Long.parseLong(r.header("Retry-After")) > 3000);
                limited++;
            }
        }
        assertEquals(ORG_PER_HOUR, ok, "search and page together get exactly the organisation's allowance");
        assertEquals(attempts - ORG_PER_HOUR, limited);
    }

    @Test
    void rateLimitHeadersAreOnEveryResponse() {
        List<Reply> replies = List.of(
                post("/v1/search/gamma-docs", search("retries"), key("gamma")),
                post("/v2/assistant/gamma-docs/message", v2("How are deliveries retried?"), key("gamma")),
                post("/v1/search/gamma-docs", "{\"query\": 5}", key("gamma")),
                post("/v1/page/gamma-docs", "{\"path\": \"/nope\"}", key("gamma")),
                post("/v1/search/gamma-docs", search("x"), null),
                post("/v1/search/gamma-docs", search("x"), key("beta")));
        assertEquals(List.of(200, 200, 400, 404, 401, 403), replies.stream().map(Reply::status).toList());
        for (Reply r : replies) {
            assertTrue(r.headers().containsKey("ratelimit-limit") && r.headers().containsKey("ratelimit-remaining")
                    && r.headers().containsKey("ratelimit-reset"), r.status() + " " + r.headers());
        }
    }

    @Test
    void requestLimitsAre413Or400BeforeAnyWork() {
        String auth = key("limits");
        Reply big = post("/v2/assistant/limits-docs/message", v2("x".repeat(4100)), auth);
        assertEquals(413, big.status());
        assertEquals("request body is larger than 4000 bytes", big.message());
        String user = "{\"role\":\"user\",\"content\":\"hi\"}";
        Reply many = post("/v1/assistant/limits-docs/message", "{\"fp\":\"a\",\"messages\":[" + String.join(",", List.of(user, user, user, user)) + "]}", auth);
        assertEquals(400, many.status());
        assertEquals("messages must have at most 3 items", many.message());
        Reply longText = post("/v2/assistant/limits-docs/message", v2("y".repeat(501)), auth);
        assertEquals(400, longText.status());
        assertTrue(longText.message().endsWith("text must be at most 500 characters"), longText.message());
        String context = "{\"type\":\"code\",\"value\":\"x\"}";
        Reply contexts = post("/v2/assistant/limits-docs/message", v2("hi").replace("\"fp\"",
                "\"context\":[" + String.join(",", List.of(context, context, context)) + "],\"fp\""), auth);
        assertEquals(400, contexts.status());
        assertEquals("context must have at most 2 items", contexts.message());
        assertNull(big.header("X-Thread-Id"), "no thread was made");
    }

    @Test
    void browsersGetCorsAndAKeysOriginsAreEnforced() {
        Reply preflight = send(Method.OPTIONS, "/v2/assistant/cors-docs/message", null, null, null,
                "Origin", "https://docs.cors.example", "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "authorization, content-type");
        assertEquals(204, preflight.status());
        assertEquals("https://docs.cors.example", preflight.header("Access-Control-Allow-Origin"));
        assertTrue(preflight.header("Access-Control-Allow-Methods").contains("POST"));
        assertEquals("authorization, content-type", preflight.header("Access-Control-Allow-Headers"));
        assertNull(preflight.header("Access-Control-Allow-Credentials"));

        String restricted = "Bearer " + app.keys().create("cors", Optional.empty(), List.of("https://docs.cors.example"), "test").secret();
        Reply allowed = post("/v1/search/cors-docs", search("retries"), restricted, "Origin", "https://docs.cors.example");
        assertEquals(200, allowed.status());
        assertEquals("https://docs.cors.example", allowed.header("Access-Control-Allow-Origin"));
        assertNull(allowed.header("Access-Control-Allow-Credentials"), "never credentials");
        assertTrue(allowed.header("Vary").contains("Origin"));
        List<String> exposed = List.of(allowed.header("Access-Control-Expose-Headers").split(",\\s*"));
        assertEquals(List.of("X-Thread-Id", "X-Thread-Key", "X-Search-Id", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"), exposed);

        Reply other = post("/v1/search/cors-docs", search("retries"), restricted, "Origin", "https://evil.example");
        assertEquals(403, other.status());
        assertEquals("origin https://evil.example is not allowed for this key", other.message());
        assertEquals(200, post("/v1/search/cors-docs", search("retries"), restricted).status(), "no Origin: not a browser");
        assertEquals(200, post("/v1/search/cors-docs", search("retries"), key("cors"), "Origin", "https://evil.example").status(),
                "a key without origins works from any page");
        Reply stream = post("/v2/assistant/cors-docs/message", v2("How are deliveries retried?"), restricted, "Origin", "https://docs.cors.example");
        assertEquals(200, stream.status());
        assertEquals("https://docs.cors.example", stream.header("Access-Control-Allow-Origin"));
        assertTrue(stream.header("X-Thread-Id").startsWith("thr_"));
    }

    @Test
    void aKeyFromTheConfigurationWorksWithoutTheCli() {
        Reply r = post("/v1/search/conf-docs", search("retries"), "Bearer " + CONFIGURED_KEY, "Origin", "https://conf.example");
        assertEquals(200, r.status(), r.body());
        assertEquals(403, post("/v1/search/conf-docs", search("retries"), "Bearer " + CONFIGURED_KEY, "Origin", "https://x.example").status());
        assertEquals(403, post("/v1/search/alpha-docs", search("retries"), "Bearer " + CONFIGURED_KEY).status());
        ApiKey stored = app.keys().find(CONFIGURED_KEY).orElseThrow();
        assertEquals("config:conf-docs", stored.source());
        assertEquals("conf", stored.organization());
    }

    @Test
    void theAdminApiManagesKeysWithTheAdminToken() {
        assertEquals(401, send(Method.GET, "/admin/v1/keys", null, null, null).status());
        Reply wrong = send(Method.GET, "/admin/v1/keys", null, "Bearer " + ADMIN_TOKEN + "x", null);
        assertEquals(401, wrong.status());
        assertEquals("the admin API needs 'Authorization: Bearer <docs-assistant.security.admin-token>'", wrong.message());
        String admin = "Bearer " + ADMIN_TOKEN;

        Reply created = post("/admin/v1/keys", "{\"organization\": \"alpha\", \"expires\": \"30d\", \"origins\": [\"https://Docs.Alpha.example\"]}", admin);
        assertEquals(201, created.status(), created.body());
        String secret = created.json().get("key").asText();
        String id = created.json().get("id").asText();
        assertTrue(KeyHasher.wellFormed(secret));
        assertEquals(List.of("https://docs.alpha.example"), List.of(created.json().get("origins").get(0).asText()));
        assertEquals("active", created.json().get("status").asText());
        assertEquals("no-store", created.header("Cache-Control"));
        assertEquals(200, post("/v1/search/alpha-docs", search("retries"), "Bearer " + secret).status());

        Reply listed = send(Method.GET, "/admin/v1/keys?organization=alpha", null, admin, null);
        assertEquals(200, listed.status());
        assertTrue(listed.body().contains(id));
        assertFalse(listed.body().contains(secret.substring(KeyHasher.DISPLAY_CHARS)), "listings never hold the key");
        assertEquals(id, send(Method.GET, "/admin/v1/keys/" + id, null, admin, null).json().get("id").asText());

        Reply revoked = post("/admin/v1/keys/" + id + "/revoke", null, admin);
        assertEquals(200, revoked.status());
        assertEquals("revoked", revoked.json().get("status").asText());
        Reply after = post("/v1/search/alpha-docs", search("retries"), "Bearer " + secret);
        assertEquals(401, after.status());
        assertEquals("key has been revoked", after.message());

        assertEquals("organization is required", post("/admin/v1/keys", "{}", admin).message());
        Reply unknown = post("/admin/v1/keys", "{\"organization\": \"nobody\"}", admin);
        assertEquals(400, unknown.status());
        assertTrue(unknown.message().startsWith("organization: 'nobody' owns no site"), unknown.message());
        assertTrue(post("/admin/v1/keys", "{\"organization\": \"alpha\", \"expires\": \"soon\"}", admin).message().startsWith("expires:"));
        assertTrue(post("/admin/v1/keys", "{\"organization\": \"alpha\", \"origins\": [\"ftp://x\"]}", admin).message().startsWith("origins:"));
        assertEquals(404, post("/admin/v1/keys/key_nope/revoke", null, admin).status());
        Reply noRoute = send(Method.GET, "/admin/v1/nothing-here", null, admin, null);
        assertEquals(404, noRoute.status());
        assertEquals("not found: /admin/v1/nothing-here", noRoute.message());
    }

    @Test
    void keysNeverAppearInTheLogs() {
        String admin = "Bearer " + ADMIN_TOKEN;
        String secret = post("/admin/v1/keys", "{\"organization\": \"alpha\"}", admin).json().get("key").asText();
        post("/v1/search/alpha-docs", search("retries"), "Bearer " + secret);
        post("/v1/search/beta-docs", search("retries"), "Bearer " + secret);
        post("/v1/search/alpha-docs", "{bad json", "Bearer " + secret);
        String id = app.keys().find(secret).orElseThrow().id();
        post("/admin/v1/keys/" + id + "/revoke", null, admin);
        post("/v1/search/alpha-docs", search("retries"), "Bearer " + secret);
        String logged = logs.text();
        assertTrue(logged.contains(id), "key operations are logged by id");
        for (String s : List.of(secret, CONFIGURED_KEY, key("alpha").substring(7), ADMIN_TOKEN)) {
            assertFalse(logged.contains(s.substring(KeyHasher.DISPLAY_CHARS)), "a secret is in the logs");
        }
    }
}
