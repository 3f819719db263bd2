package dev.docsassistant.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.insights.AnswerRecord;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.insights.CitedPage;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.web.Json;
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
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Gaps, feedback as work and the exports over real HTTP: the gaps page after the grouping job ran,
 * status forms (CSRF, bad values, another site's items), filters, exports from the dashboard and
 * through analytics keys, which open insights of their organisation only and nothing else.
 */
@ServerTest
class InsightsWorkTest {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final Pattern GAP_ID = Pattern.compile("data-gap-id=\"(gap_[a-z0-9]+)\"");
    private static final Pattern NEW_KEY = Pattern.compile("<code id=\"new-key\">(svc_dsc_[A-Za-z0-9_-]+)</code>");
    private static final String ADMIN_TOKEN = "admin-token-of-the-insights-work-test-0123456789";
    private static App app;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final int port;

    InsightsWorkTest(WebServer server) {
        this.port = server.port();
        this.base = "http://localhost:" + port;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        app = DashboardApps.serve(server, "security:\n  admin-token: " + ADMIN_TOKEN + "\n");
        Instant hourAgo = Instant.now().minus(Duration.ofHours(1));
        app.database().transaction(c -> {
            InsightsLog.write(c, answer("m1", "acme-docs", "Can I deploy the docs to Kubernetes?", false, hourAgo));
            InsightsLog.write(c, answer("m2", "acme-docs", "How do I run the documentation platform in a Kubernetes pod?", false, hourAgo));
            InsightsLog.write(c, answer("m3", "acme-docs", "How often are failed deliveries retried?", true, hourAgo));
            InsightsLog.writeFeedback(c, "acme-docs", "t-m3", "m3", false, "Misses the backoff", hourAgo.toEpochMilli());
            InsightsLog.write(c, answer("o1", "other-docs", "Secret topic of the other organisation?", false, hourAgo));
            return null;
        });
        app.gapGrouping().runOnce();
    }

    @AfterAll
    static void close() {
        app.close();
    }

    @Test
    void gapsAndFeedbackAreWorkedThroughAndExported() throws Exception {
        String cookie = signIn("acme", "gaps@acme.example");
        HttpResponse<String> gaps = get("/dashboard/acme/acme-docs/gaps?span=week", cookie);
        assertEquals(200, gaps.statusCode());
        assertTrue(gaps.body().contains("Kubernetes"), gaps.body());
        assertFalse(gaps.body().contains("Secret topic"), "another organisation's gaps never show");
        int k8s = gaps.body().indexOf("Kubernetes");
        Matcher id = GAP_ID.matcher(gaps.body().substring(0, k8s));
        String gapId = null;
        while (id.find()) {
            gapId = id.group(1);
        }
        assertTrue(gaps.body().contains("data-gap-id=\"" + gapId + "\"><td>2</td>"),
                "both wordings in one group: " + gaps.body());
        String csrf = csrf(gaps.body());
        String action = "/dashboard/acme/acme-docs/gaps/" + gapId + "/status";
        assertEquals(403, post(action, cookie, "status=resolved").statusCode(), "no CSRF token");
        assertEquals(403, post(action, cookie, "csrf=forged&status=resolved").statusCode());
        HttpResponse<String> bad = post(action, cookie, "csrf=" + csrf + "&status=done");
        assertEquals(400, bad.statusCode());
        assertTrue(Json.MAPPER.readTree(bad.body()).path("message").asText().startsWith("status must be"), bad.body());
        HttpResponse<String> saved = post(action, cookie, "csrf=" + csrf + "&status=resolved&span=week&note="
                + URLEncoder.encode("Guide written", StandardCharsets.UTF_8));
        assertEquals(303, saved.statusCode());
        assertEquals("/dashboard/acme/acme-docs/gaps?span=week", saved.headers().firstValue("location").orElseThrow());
        assertTrue(get("/dashboard/acme/acme-docs/gaps?span=week&status=resolved", cookie).body().contains("Guide written"));
        assertFalse(get("/dashboard/acme/acme-docs/gaps?span=week&status=open", cookie).body().contains("Guide written"));
        assertEquals(400, get("/dashboard/acme/acme-docs/gaps?status=later", cookie).statusCode());
        assertEquals(400, get("/dashboard/acme/acme-docs/gaps?span=year", cookie).statusCode());

        HttpResponse<String> feedback = get("/dashboard/acme/acme-docs/feedback", cookie);
        assertTrue(feedback.body().contains("Misses the backoff"), feedback.body());
        HttpResponse<String> worked = post("/dashboard/acme/acme-docs/feedback/m3/status", cookie, "csrf=" + csrf
                + "&status=in-progress&note=Adding+the+schedule&back=" + URLEncoder.encode("status=open", StandardCharsets.UTF_8));
        assertEquals(303, worked.statusCode());
        assertEquals("/dashboard/acme/acme-docs/feedback?status=open", worked.headers().firstValue("location").orElseThrow());
        assertTrue(get("/dashboard/acme/acme-docs/feedback?status=in-progress", cookie).body().contains("Adding the schedule"));
        assertFalse(get("/dashboard/acme/acme-docs/feedback?status=open", cookie).body().contains("Misses the backoff"));
        assertEquals(404, post("/dashboard/acme/acme-docs/feedback/o1/status", cookie, "csrf=" + csrf + "&status=resolved").statusCode());

        HttpResponse<String> csv = get("/dashboard/acme/acme-docs/export/gaps?format=csv", cookie);
        assertEquals(200, csv.statusCode());
        assertTrue(csv.headers().firstValue("content-disposition").orElseThrow().contains("acme-docs-gaps-"));
        assertTrue(csv.body().startsWith("group_id,label,status,note,questions,"), csv.body());
        assertTrue(csv.body().contains(gapId + ",") && csv.body().contains(",resolved,Guide written,2,"), csv.body());
        JsonNode line = Json.MAPPER.readTree(get("/dashboard/acme/acme-docs/export/feedback?format=jsonl", cookie).body().lines()
                .findFirst().orElseThrow());
        assertEquals("in-progress", line.path("status").asText());
        assertEquals("How often are failed deliveries retried?", line.path("question").asText());
        assertEquals(404, get("/dashboard/acme/acme-docs/export/nope", cookie).statusCode());
        assertEquals(400, get("/dashboard/acme/acme-docs/export/gaps?format=xml", cookie).statusCode());

        // Another organisation: nothing of acme's, by page or by id through its own site.
        String other = signIn("other", "gaps@other.example");
        for (String path : List.of("/dashboard/acme/acme-docs/gaps", "/dashboard/acme/acme-docs/feedback",
                "/dashboard/acme/acme-docs/export/questions", "/dashboard/acme/analytics-keys")) {
            assertEquals(403, get(path, other).statusCode(), path);
        }
        String otherCsrf = csrf(get("/dashboard/other/other-docs/gaps", other).body());
        assertEquals(404, post("/dashboard/other/other-docs/gaps/" + gapId + "/status", other, "csrf=" + otherCsrf + "&status=dismissed")
                .statusCode(), "a group of another site is not found");
        assertEquals(403, post(action, other, "csrf=" + otherCsrf + "&status=dismissed").statusCode());
    }

    @Test
    void analyticsKeysReadInsightsOfTheirOrganisationOnly() throws Exception {
        String cookie = signIn("acme", "keys@acme.example");
        String csrf = csrf(get("/dashboard/acme/analytics-keys", cookie).body());
        assertEquals(403, post("/dashboard/acme/analytics-keys", cookie, "expires=30d").statusCode());
        HttpResponse<String> created = post("/dashboard/acme/analytics-keys", cookie, "csrf=" + csrf + "&expires=30d");
        assertEquals(201, created.statusCode());
        Matcher m = NEW_KEY.matcher(created.body());
        assertTrue(m.find(), created.body());
        String analytics = m.group(1);
        String assistant = app.keys().create("acme", Optional.empty(), List.of(), "test").secret();

        HttpResponse<String> jsonl = insights("/v1/insights/acme-docs/questions?format=jsonl", analytics);
        assertEquals(200, jsonl.statusCode(), jsonl.body());
        assertEquals("application/x-ndjson; charset=utf-8", jsonl.headers().firstValue("content-type").orElseThrow());
        assertEquals(3, jsonl.body().lines().count(), jsonl.body());
        assertFalse(jsonl.body().contains("Secret topic"));
        assertTrue(insights("/v1/insights/acme-docs/gaps?format=csv", analytics).body().startsWith("group_id,label"));
        // The Search, Pages and Agents views export through the same API.
        assertTrue(insights("/v1/insights/acme-docs/searches?format=csv", analytics).body().startsWith("query,searches,with_results"));
        assertTrue(insights("/v1/insights/acme-docs/page-share?format=csv", analytics).body().startsWith("path,title,cited"));
        assertTrue(insights("/v1/insights/acme-docs/page-traffic?format=csv", analytics).body().startsWith("day,path,audience,hits"));
        assertEquals(403, insights("/v1/insights/other-docs/questions", analytics).statusCode(), "another organisation's site");
        assertEquals(403, insights("/v1/insights/no-such-site/questions", analytics).statusCode(), "existing or not");
        assertEquals(401, insights("/v1/insights/acme-docs/questions", assistant).statusCode(), "an assistant key reads no insights");
        assertEquals(401, insights("/v1/insights/acme-docs/questions", null).statusCode());
        assertEquals(400, insights("/v1/insights/acme-docs/questions?from=someday", analytics).statusCode());
        assertEquals(404, insights("/v1/insights/acme-docs/nope", analytics).statusCode());
        assertEquals(401, search(analytics).statusCode(), "an analytics key opens no search");
        assertEquals(200, search(assistant).statusCode());

        String keyId = app.analyticsKeys().find(analytics).orElseThrow().id();
        String otherCookie = signIn("other", "keys@other.example");
        String otherCsrf = csrf(get("/dashboard/other/analytics-keys", otherCookie).body());
        assertEquals(403, post("/dashboard/other/analytics-keys/" + keyId + "/revoke", otherCookie, "csrf=" + otherCsrf).statusCode());
        assertEquals(403, get("/dashboard/other/analytics-keys/" + keyId + "/revoke", otherCookie).statusCode());
        // Revoke asks first: the confirmation step revokes nothing, its form does.
        String confirm = get("/dashboard/acme/analytics-keys/" + keyId + "/revoke", cookie).body();
        assertTrue(confirm.contains("action=\"/dashboard/acme/analytics-keys/" + keyId + "/revoke\"") && confirm.contains("Cancel"), confirm);
        assertEquals(200, insights("/v1/insights/acme-docs/questions", analytics).statusCode(), "asking revokes nothing");
        assertEquals(303, post("/dashboard/acme/analytics-keys/" + keyId + "/revoke", cookie, "csrf=" + csrf).statusCode());
        assertEquals(401, insights("/v1/insights/acme-docs/questions", analytics).statusCode(), "revoked");

        // The admin API makes them too.
        HttpResponse<String> admin = http.send(HttpRequest.newBuilder(URI.create(base + "/admin/v1/analytics-keys"))
                .header("Host", "dashboard.localhost:" + port).version(HttpClient.Version.HTTP_1_1)
                .header("authorization", "Bearer " + ADMIN_TOKEN).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"organization\": \"other\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(201, admin.statusCode(), admin.body());
        String otherKey = Json.MAPPER.readTree(admin.body()).path("key").asText();
        assertEquals(200, insights("/v1/insights/other-docs/gaps", otherKey).statusCode());
        assertEquals(403, insights("/v1/insights/acme-docs/gaps", otherKey).statusCode());
    }

    private static AnswerRecord answer(String id, String domain, String question, boolean answered, Instant at) {
        return new AnswerRecord(id, "t-" + id, domain, Channel.REST_V2, question, answered ? "Five times." : "Not covered.",
                answered ? List.of(new CitedPage("/retries", "Retries")) : List.of(), answered, 10, at);
    }

    private HttpResponse<String> insights(String path, String key) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).GET();
        if (key != null) {
            b.header("authorization", "Bearer " + key);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> search(String key) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + "/v1/search/acme-docs")).header("authorization", "Bearer " + key)
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"retries\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private String signIn(String org, String email) throws Exception {
        HttpResponse<String> res = http.send(SignInForm.open(http, base).post(base, "token=" + app.accounts().addUserWithLink(org, email))
                .build(), HttpResponse.BodyHandlers.ofString());
        String setCookie = res.headers().firstValue("set-cookie").orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    private HttpRequest.Builder dashboard(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).header("Host", "dashboard.localhost:" + port)
                .version(HttpClient.Version.HTTP_1_1);
    }

    private HttpResponse<String> get(String path, String cookie) throws Exception {
        return http.send(dashboard(path).header("cookie", cookie).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String cookie, String form) throws Exception {
        return http.send(dashboard(path).header("cookie", cookie).header("content-type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String csrf(String html) {
        Matcher m = CSRF.matcher(html);
        assertTrue(m.find(), "the page carries a CSRF token");
        return m.group(1);
    }
}
