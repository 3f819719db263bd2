package dev.docsassistant.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.web.Json;
import dev.docsassistant.testing.OpenApiContract;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.SubmitFeedbackRequest;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
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
 * The dashboard over real HTTP: sign-in links, session cookies, CSRF, the keys page against the API,
 * organisations kept apart, and answer feedback (REST and gRPC) reaching insights and exports.
 */
@ServerTest
class DashboardTest {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final Pattern NEW_KEY = Pattern.compile("<code id=\"new-key\">(svc_dsc_[A-Za-z0-9_-]+)</code>");
    private static final String ADMIN_TOKEN = "admin-token-of-the-dashboard-test-0123456789";
    private static App app;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final int port;

    DashboardTest(WebServer server) {
        this.port = server.port();
        this.base = "http://localhost:" + port;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        app = DashboardApps.serve(server, "security:\n  admin-token: " + ADMIN_TOKEN + "\n");
    }

    @AfterAll
    static void close() {
        app.close();
    }

    @Test
    void aSignedInUserManagesKeysAndSeesNothingOfAnotherOrganisation() throws Exception {
        assertEquals("/dashboard/sign-in", get("/dashboard/acme", null).headers().firstValue("location").orElseThrow(),
                "without a session a page sends the visitor to sign in");
        String link = app.accounts().addUserWithLink("acme", "Dana@Acme.example");
        HttpResponse<String> confirm = get("/dashboard/sign-in?token=" + link, null);
        assertEquals(200, confirm.statusCode());
        assertTrue(confirm.body().contains("value=\"" + link + "\""), "the link shows a button; fetching it uses nothing up");
        HttpResponse<String> signedIn = signInPost("token=" + link);
        assertEquals(303, signedIn.statusCode());
        assertEquals("/dashboard/acme", signedIn.headers().firstValue("location").orElseThrow());
        String setCookie = signedIn.headers().firstValue("set-cookie").orElseThrow();
        assertTrue(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && setCookie.contains("Path=/dashboard"), setCookie);
        assertFalse(setCookie.contains("Secure"), "plain http: no Secure flag, or the browser would drop the cookie");
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));
        assertEquals(401, signInPost("token=" + link).statusCode(), "a link works once");

        HttpResponse<String> keysPage = get("/dashboard/acme", cookie);
        assertEquals(200, keysPage.statusCode());
        String csp = keysPage.headers().firstValue("content-security-policy").orElseThrow();
        assertTrue(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), csp);
        assertFalse(keysPage.body().contains("<script>"), "no inline script");
        String csrf = csrf(keysPage.body());

        assertEquals(403, post("/dashboard/acme/keys", cookie, "origins=&expires=30d").statusCode(), "a form without its CSRF token");
        assertEquals(403, post("/dashboard/acme/keys", cookie, "csrf=forged&expires=30d").statusCode());
        HttpResponse<String> bad = post("/dashboard/acme/keys", cookie, "csrf=" + csrf + "&expires=soon");
        assertEquals(400, bad.statusCode());
        assertTrue(bad.body().contains("expires: &#39;soon&#39; is not a duration"), bad.body());
        HttpResponse<String> created = post("/dashboard/acme/keys", cookie, "csrf=" + csrf + "&expires=30d&origins="
                + URLEncoder.encode("https://docs.acme.example", StandardCharsets.UTF_8) + "&groups=" + URLEncoder.encode("staff, ops", StandardCharsets.UTF_8));
        assertEquals(201, created.statusCode());
        Matcher key = NEW_KEY.matcher(created.body());
        assertTrue(key.find(), created.body());
        String secret = key.group(1);
        assertEquals(200, search("acme-docs", secret).statusCode());
        String keyId = app.keys().find(secret).orElseThrow().id();
        HttpResponse<String> listed = get("/dashboard/acme", cookie);
        assertFalse(listed.body().contains(secret), "the key is shown once, on the page that made it");
        assertTrue(listed.body().contains("https://docs.acme.example"), "its origins are listed");
        assertEquals(List.of("staff", "ops"), app.keys().find(secret).orElseThrow().groups(), "the form's access groups are the key's");
        assertTrue(listed.body().contains("staff, ops"), "and listed");

        // Another organisation's user: 403 on every page of acme, by name or by guessed id.
        String otherCookie = signIn("other", "olga@other.example");
        for (String path : List.of("/dashboard/acme", "/dashboard/acme/acme-docs", "/dashboard/acme/acme-docs/conversations",
                "/dashboard/acme/acme-docs/conversations.jsonl", "/dashboard/acme/acme-docs/conversations.csv",
                "/dashboard/acme/acme-docs/integrations", "/dashboard/acme/keys/" + keyId + "/revoke",
                "/dashboard/other/acme-docs", "/dashboard/nosuch")) {
            assertEquals(403, get(path, otherCookie).statusCode(), path);
        }
        String otherCsrf = csrf(get("/dashboard/other", otherCookie).body());
        assertEquals(403, post("/dashboard/other/keys/" + keyId + "/revoke", otherCookie, "csrf=" + otherCsrf).statusCode(),
                "a key of acme is not found under other");
        assertEquals(200, search("acme-docs", secret).statusCode());

        HttpResponse<String> asks = get("/dashboard/acme/keys/" + keyId + "/revoke", cookie);
        assertEquals(200, asks.statusCode(), "revoking asks first");
        assertFalse(asks.body().contains("page key of site"), asks.body());
        // The key the site's own pages embed: revoking it warns that it silences their search and assistant.
        String pageKey = app.pageKeys().secret("acme-docs").orElseThrow();
        HttpResponse<String> warns = get("/dashboard/acme/keys/" + app.keys().find(pageKey).orElseThrow().id() + "/revoke", cookie);
        assertTrue(warns.body().contains("This is the page key of site acme-docs.</strong> The site's pages embed it for their "
                + "search box and Ask AI: both stop working"), warns.body());
        HttpResponse<String> revoked = post("/dashboard/acme/keys/" + keyId + "/revoke", cookie, "csrf=" + csrf);
        assertEquals(303, revoked.statusCode());
        assertEquals(401, search("acme-docs", secret).statusCode());

        assertEquals(303, post("/dashboard/sign-out", cookie, "csrf=" + csrf).statusCode());
        assertEquals(303, get("/dashboard/acme", cookie).statusCode(), "signed out: the session is gone");
    }

    @Test
    void feedbackOnAnswersReachesInsightsAndExports() throws Exception {
        String key = "Bearer " + app.keys().create("acme", Optional.empty(), List.of(), "test").secret();
        JsonNode answered = ask(key, "How often are failed deliveries retried?");
        JsonNode unanswered = ask(key, "Does the relay support Kubernetes operators?");
        String messageId = answered.path("messageId").asText();
        String threadId = answered.path("threadId").asText();

        assertEquals(204, feedback(key, "{\"threadId\": \"" + threadId + "\", \"messageId\": \"" + messageId
                + "\", \"helpful\": true, \"comment\": \"Clear, thanks\"}").statusCode());
        HttpResponse<String> missing = feedback(key, "{\"threadId\": \"" + threadId + "\", \"messageId\": \"msg_nope\", \"helpful\": true}");
        assertEquals(404, missing.statusCode());
        HttpResponse<String> badType = feedback(key, "{\"threadId\": \"" + threadId + "\", \"messageId\": \"" + messageId
                + "\", \"helpful\": \"yes\"}");
        assertEquals(400, badType.statusCode());
        assertTrue(badType.body().contains("helpful"), badType.body());
        assertEquals(400, feedback(key, "{\"messageId\": \"" + messageId + "\", \"helpful\": true}").statusCode());
        assertEquals(401, api(HttpRequest.newBuilder(URI.create(base + "/v1/assistant/acme-docs/feedback"))
                .header("content-type", "application/json"), "{}").statusCode(), "the assistant's key rules apply");

        ManagedChannel channel = NettyChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        try {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), key);
            AssistantServiceGrpc.AssistantServiceBlockingStub stub = AssistantServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
            stub.submitFeedback(SubmitFeedbackRequest.newBuilder().setDomain("acme-docs")
                    .setThreadId(unanswered.path("threadId").asText()).setMessageId(unanswered.path("messageId").asText())
                    .setHelpful(false).setComment("Nothing about operators").build());
            StatusRuntimeException noHelpful = assertThrows(StatusRuntimeException.class, () -> stub.submitFeedback(
                    SubmitFeedbackRequest.newBuilder().setDomain("acme-docs").setThreadId(threadId).setMessageId(messageId).build()));
            assertEquals(Status.Code.INVALID_ARGUMENT, noHelpful.getStatus().getCode());
            StatusRuntimeException unknown = assertThrows(StatusRuntimeException.class, () -> stub.submitFeedback(
                    SubmitFeedbackRequest.newBuilder().setDomain("acme-docs").setThreadId(threadId).setMessageId("msg_x").setHelpful(true).build()));
            assertEquals(Status.Code.NOT_FOUND, unknown.getStatus().getCode());
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }

        String cookie = signIn("acme", "ines@acme.example");
        HttpResponse<String> insights = get("/dashboard/acme/acme-docs", cookie);
        assertEquals(200, insights.statusCode());
        assertTrue(insights.body().contains("Does the relay support Kubernetes operators?"), "the unanswered question is listed");
        assertTrue(insights.body().contains("Clear, thanks") && insights.body().contains("Nothing about operators"), "comments");
        assertTrue(insights.body().contains("/retries"), "the cited page");
        assertEquals(400, get("/dashboard/acme/acme-docs?from=yesterday", cookie).statusCode());

        String jsonl = get("/dashboard/acme/acme-docs/conversations.jsonl", cookie).body();
        List<JsonNode> lines = jsonl.lines().map(DashboardTest::json).toList();
        JsonNode helpful = lines.stream().filter(l -> l.path("messageId").asText().equals(messageId)).findFirst().orElseThrow();
        assertTrue(helpful.path("answered").asBoolean());
        assertTrue(helpful.path("helpful").asBoolean());
        assertEquals("REST v2", helpful.path("channel").asText());
        HttpResponse<String> csv = get("/dashboard/acme/acme-docs/conversations.csv?answered=unanswered", cookie);
        assertTrue(csv.headers().firstValue("content-disposition").orElseThrow().contains("attachment"));
        assertTrue(csv.body().startsWith(Export.CSV_HEADER), csv.body());
        assertTrue(csv.body().contains("Nothing about operators") && !csv.body().contains("Clear, thanks"), csv.body());
        HttpResponse<String> thread = get("/dashboard/acme/acme-docs/conversations/" + threadId, cookie);
        assertTrue(thread.body().contains("How often are failed deliveries retried?") && thread.body().contains("helpful"));
        assertTrue(get("/dashboard/acme/acme-docs/integrations", cookie).body().contains("ga4/measurementId"));
    }

    @Test
    void theAdminTokenOpensEveryOrganisation() throws Exception {
        assertEquals(401, signInPost("admin-token=wrong-token").statusCode());
        HttpResponse<String> res = signInPost("admin-token=" + ADMIN_TOKEN);
        assertEquals(303, res.statusCode());
        String setCookie = res.headers().firstValue("set-cookie").orElseThrow();
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));
        assertTrue(get("/dashboard", cookie).body().contains("/dashboard/other"));
        assertEquals(200, get("/dashboard/acme/acme-docs", cookie).statusCode());
        assertEquals(200, get("/dashboard/other/other-docs/conversations", cookie).statusCode());
        assertEquals(404, get("/dashboard/nosuch", cookie).statusCode());
    }

    private String signIn(String org, String email) throws Exception {
        HttpResponse<String> res = signInPost("token=" + app.accounts().addUserWithLink(org, email));
        String setCookie = res.headers().firstValue("set-cookie").orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    /** Asks over REST v2; returns the start event (its messageId and threadId). */
    private JsonNode ask(String key, String question) throws Exception {
        String body = api(HttpRequest.newBuilder(URI.create(base + "/v2/assistant/acme-docs/message"))
                .header("authorization", key).header("content-type", "application/json"), Json.write(Json.object("fp", "anonymous",
                "messages", List.of(Json.object("id", "m1", "role", "user", "parts", List.of(Json.object("type", "text", "text", question)))))))
                .body();
        JsonNode start = json(body.lines().filter(l -> l.startsWith("data: {\"type\":\"start\"")).findFirst().orElseThrow().substring(6));
        return Json.MAPPER.createObjectNode().put("messageId", start.path("messageId").asText())
                .put("threadId", start.path("messageMetadata").path("threadId").asText());
    }

    private HttpResponse<String> feedback(String key, String body) throws Exception {
        return api(HttpRequest.newBuilder(URI.create(base + "/v1/assistant/acme-docs/feedback")).header("authorization", key)
                .header("content-type", "application/json"), body);
    }

    private HttpResponse<String> search(String domain, String secret) throws Exception {
        return api(HttpRequest.newBuilder(URI.create(base + "/v1/search/" + domain)).header("authorization", "Bearer " + secret)
                .header("content-type", "application/json"), "{\"query\": \"retries\"}");
    }

    /** A POST to the REST API, its exchange held to the OpenAPI document. */
    private HttpResponse<String> api(HttpRequest.Builder builder, String body) throws Exception {
        HttpRequest request = builder.POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return OpenApiContract.check(request, body, http.send(request, HttpResponse.BodyHandlers.ofString()));
    }

    /** A post of the sign-in form, as the browser that opened the sign-in page sends it. */
    private HttpResponse<String> signInPost(String form) throws Exception {
        return http.send(SignInForm.open(http, base).post(base, form).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A request to the dashboard, on its own host (the only one that serves it). */
    private HttpRequest.Builder dashboard(String path) {
        // HTTP/1.1: over HTTP/2 the client would send the URI's :authority, not this Host.
        return HttpRequest.newBuilder(URI.create(base + path)).header("Host", "dashboard.localhost:" + port)
                .version(HttpClient.Version.HTTP_1_1);
    }

    private HttpResponse<String> get(String path, String cookie) throws Exception {
        HttpRequest.Builder req = dashboard(path).GET();
        if (cookie != null) {
            req.header("cookie", cookie);
        }
        return http.send(req.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String cookie, String form) throws Exception {
        HttpRequest.Builder req = dashboard(path)
                .header("content-type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form));
        if (cookie != null) {
            req.header("cookie", cookie);
        }
        return http.send(req.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String csrf(String html) {
        Matcher m = CSRF.matcher(html);
        assertTrue(m.find(), "the page carries a CSRF token");
        return m.group(1);
    }

    private static JsonNode json(String s) {
        try {
            return Json.MAPPER.readTree(s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
