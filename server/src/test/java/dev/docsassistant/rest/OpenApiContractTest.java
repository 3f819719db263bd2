package dev.docsassistant.rest;

import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.docsassistant.testing.AgentDocsServer;
import dev.docsassistant.testing.OpenApiContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The served OpenAPI document and its checker. The REST route tests send every request through
 * {@link OpenApiContract} ({@code ApiClient}), which holds each exchange to the document; here the
 * document is shown to be the one served, every operation it describes is reached at least once on a
 * real server (so it has none the server lacks), and the checker is shown to fail: on a response
 * field renamed, on a request the document refuses but the server took, on an operation it lacks.
 */
class OpenApiContractTest {
    private static final String ADMIN = "an-admin-token-of-at-least-32-characters";
    private static AgentDocsServer server;
    private static final TreeSet<String> covered = new TreeSet<>();
    private static boolean exercised;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("security: {admin-token: " + ADMIN + "}\negress: {git-folders: [/nonexistent]}", "");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Sends the request; {@link OpenApiContract} checks the exchange against the document. */
    private static HttpResponse<String> exchange(String method, String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri(path));
        if (path.startsWith("/admin/")) {
            // The admin API's only host; HTTP/1.1, since over HTTP/2 the client sends the URI's :authority, not Host.
            b.header("Host", "dashboard.localhost:" + server.uri(path).getPort()).version(java.net.http.HttpClient.Version.HTTP_1_1);
        }
        if (headers.length > 0) {
            b.headers(headers);
        }
        HttpRequest request = b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> res = OpenApiContract.check(request, body, server.send(HttpRequest.newBuilder(request, (n, v) -> true)));
        covered.add(method + " " + path.replaceAll("\\?.*", ""));
        return res;
    }

    private static String[] json(String authorization) {
        return new String[]{"Content-Type", "application/json", "Authorization", authorization};
    }

    /** One request of each kind to each documented operation, once per run. */
    private static synchronized void exerciseEveryOperation() {
        if (exercised) {
            return;
        }
        exercised = true;
        String key = server.authorization();
        String[] ok = json(key);
        HttpResponse<String> searched = exchange("POST", "/v1/search/docs", "{\"query\":\"retries\",\"pageSize\":5,\"scoreThreshold\":0.01,"
                + "\"filter\":{\"version\":null,\"language\":null,\"tag\":null,\"groups\":[\"partners\"]},\"channel\":\"api\"}", ok);
        assertEquals(200, searched.statusCode());
        String searchId = searched.headers().firstValue("X-Search-Id").orElseThrow();
        assertEquals(204, exchange("POST", "/v1/search/docs/click", "{\"searchId\":\"" + searchId + "\",\"path\":\"/retries\"}", ok)
                .statusCode());
        assertEquals(422, exchange("POST", "/v1/search/docs/click", "{\"searchId\":\"" + searchId + "\",\"path\":\"/nope\"}", ok)
                .statusCode());
        exchange("POST", "/v1/search/docs", "{\"query\":\"\"}", ok);
        exchange("POST", "/v1/search/docs", "{\"query\":\"x\",\"pageSize\":0}", ok);
        exchange("POST", "/v1/search/docs", "{\"query\":\"x\"}", json("Bearer svc_dsc_" + "A".repeat(43)));
        assertEquals(200, exchange("POST", "/v1/page/docs", "{\"path\":\"/retries\"}", ok).statusCode());
        exchange("POST", "/v1/page/docs", "{\"path\":\"/nope\"}", ok);
        assertEquals(200, exchange("POST", "/v2/assistant/docs/message", """
                {"fp":"anonymous","retrievalPageSize":3,"messages":[{"id":"m1","role":"user","parts":[{"type":"text","text":"How are deliveries retried?"}]}]}""",
                ok).statusCode());
        HttpResponse<String> v1 = exchange("POST", "/v1/assistant/docs/message", """
                {"fp":"anonymous","messages":[{"role":"user","content":"How are deliveries retried?"}]}""", ok);
        assertEquals(200, v1.statusCode());
        assertTrue(v1.headers().firstValue("Sunset").isPresent());
        exchange("POST", "/v2/assistant/docs/message", "{\"fp\":\"a\",\"messages\":[]}", ok);
        exchange("POST", "/v2/assistant/docs/message", "{\"fp\":\"a\",\"threadId\":\"thr_nope\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}", ok);
        // Resuming: the thread's answer has ended (204); a thread not found (404). ResumeRoutesTest replays one streaming.
        String thread = v1.headers().firstValue("X-Thread-Id").orElseThrow();
        assertEquals(204, exchange("GET", "/v2/assistant/docs/message/" + thread + "/stream", null, "Authorization", key).statusCode());
        assertEquals(404, exchange("GET", "/v2/assistant/docs/message/thr_nope/stream", null, "Authorization", key).statusCode());
        String start = v1.body().lines().filter(l -> l.startsWith("f:")).findFirst().orElseThrow();
        String answer = "{\"threadId\":\"" + v1.headers().firstValue("X-Thread-Id").orElseThrow() + "\",\"messageId\":\""
                + start.replaceAll(".*\"messageId\":\"([^\"]+)\".*", "$1") + "\",\"helpful\":false,\"comment\":\"Too short\"}";
        assertEquals(204, exchange("POST", "/v1/assistant/docs/feedback", answer, ok).statusCode());
        assertEquals(404, exchange("POST", "/v1/assistant/docs/feedback", answer.replaceAll("msg_[A-Za-z0-9_-]+", "msg_nope"), ok).statusCode());
        assertEquals(400, exchange("POST", "/v1/assistant/docs/feedback", "{\"threadId\":\"t\",\"messageId\":\"m\"}", ok).statusCode());
        assertEquals(204, exchange("POST", "/v1/feedback/docs", "{\"path\":\"/retries\",\"helpful\":true}", ok).statusCode());
        exchange("POST", "/v1/feedback/docs", "{\"path\":\"/retries\"}", ok);

        // The OpenAI-compatible edge: the model list, a completion whole and streamed, its refusals.
        assertEquals(200, exchange("GET", "/v1/models", null, "Authorization", key).statusCode());
        exchange("GET", "/v1/models", null, "Authorization", "Bearer svc_dsc_" + "A".repeat(43));
        String question = "\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},{\"role\":\"user\",\"content\":\"How are deliveries retried?\"}]";
        assertEquals(200, exchange("POST", "/v1/chat/completions", "{\"model\":\"docs\",\"temperature\":0.2," + question + "}", ok).statusCode());
        HttpResponse<String> chunks = exchange("POST", "/v1/chat/completions", "{\"model\":\"docs\",\"stream\":true," + question + "}", ok);
        assertEquals(200, chunks.statusCode());
        assertTrue(chunks.body().endsWith("data: [DONE]\n\n"), chunks.body());
        assertEquals(403, exchange("POST", "/v1/chat/completions", "{\"model\":\"nope\"," + question + "}", ok).statusCode());
        assertEquals(400, exchange("POST", "/v1/chat/completions", "{\"model\":\"docs\",\"tools\":[]," + question + "}", ok).statusCode());
        assertEquals(400, exchange("POST", "/v1/chat/completions", "{\"model\":\"docs\",\"n\":2," + question + "}", ok).statusCode());
        assertEquals(400, exchange("POST", "/v1/chat/completions", "{\"model\":\"docs\",\"messages\":[{\"role\":\"tool\",\"content\":\"42\"}]}", ok).statusCode());
        assertEquals(401, exchange("POST", "/v1/chat/completions", "{\"model\":\"docs\"," + question + "}",
                json("Bearer svc_dsc_" + "A".repeat(43))).statusCode());
        assertEquals(413, exchange("POST", "/v1/chat/completions", "{\"model\":\"docs\",\"user\":\"" + "x".repeat(1024 * 1024) + "\"}", ok).statusCode());

        String[] admin = json("Bearer " + ADMIN);
        assertEquals(200, exchange("GET", "/admin/v1/keys?organization=acme", null, "Authorization", "Bearer " + ADMIN).statusCode());
        HttpResponse<String> created = exchange("POST", "/admin/v1/keys", "{\"organization\":\"acme\",\"expires\":\"30d\",\"origins\":[\"https://docs.acme.dev\"]}", admin);
        assertEquals(201, created.statusCode());
        String id = created.body().replaceAll("(?s).*\"id\"\\s*:\\s*\"([^\"]+)\".*", "$1");
        exchange("GET", "/admin/v1/keys/" + id, null, "Authorization", "Bearer " + ADMIN);
        exchange("POST", "/admin/v1/keys/" + id + "/revoke", null, "Authorization", "Bearer " + ADMIN);
        exchange("GET", "/admin/v1/keys/key_nope", null, "Authorization", "Bearer " + ADMIN);
        exchange("POST", "/admin/v1/keys", "{\"organization\":\"nobody\"}", admin);
        exchange("GET", "/admin/v1/keys", null, "Authorization", "Bearer wrong-token-wrong-token-wrong-token");

        // Analytics keys and the insights export they alone open.
        HttpResponse<String> analytics = exchange("POST", "/admin/v1/analytics-keys", "{\"organization\":\"acme\",\"expires\":\"30d\"}", admin);
        assertEquals(201, analytics.statusCode());
        String analyticsKey = "Bearer " + analytics.body().replaceAll("(?s).*\"key\"\\s*:\\s*\"([^\"]+)\".*", "$1");
        String analyticsId = analytics.body().replaceAll("(?s).*\"id\"\\s*:\\s*\"([^\"]+)\".*", "$1");
        assertEquals(200, exchange("GET", "/admin/v1/analytics-keys?organization=acme", null, "Authorization", "Bearer " + ADMIN).statusCode());
        assertEquals(400, exchange("POST", "/admin/v1/analytics-keys", "{\"organization\":\"nobody\"}", admin).statusCode());
        assertEquals(200, exchange("GET", "/v1/insights/docs/questions?format=jsonl", null, "Authorization", analyticsKey).statusCode());
        assertEquals(200, exchange("GET", "/v1/insights/docs/gaps?format=csv&from=2026-01-01&to=2026-01-31", null,
                "Authorization", analyticsKey).statusCode());
        assertEquals(400, exchange("GET", "/v1/insights/docs/gaps?format=xml", null, "Authorization", analyticsKey).statusCode());
        assertEquals(404, exchange("GET", "/v1/insights/docs/unknown", null, "Authorization", analyticsKey).statusCode());
        assertEquals(401, exchange("GET", "/v1/insights/docs/gaps", null, "Authorization", key).statusCode());
        assertEquals(200, exchange("POST", "/admin/v1/analytics-keys/" + analyticsId + "/revoke", null,
                "Authorization", "Bearer " + ADMIN).statusCode());
        assertEquals(404, exchange("POST", "/admin/v1/analytics-keys/akey_nope/revoke", null, "Authorization", "Bearer " + ADMIN).statusCode());

        // A repository that is not there (no network in tests): created, its first deployment failed with the reason.
        assertEquals(201, exchange("POST", "/admin/v1/sites", "{\"domain\":\"contract\",\"organization\":\"acme\","
                + "\"git\":{\"url\":\"file:///nonexistent/acme/docs\",\"branch\":\"main\",\"path\":\"docs\","
                + "\"secret\":\"hook-secret\",\"previews\":true,\"poll\":\"5m\"}}", admin).statusCode());
        HttpResponse<String> site = exchange("GET", "/admin/v1/sites/contract", null, "Authorization", "Bearer " + ADMIN);
        assertEquals(200, site.statusCode());
        assertFalse(site.body().contains("hook-secret"), "the secret is never answered: " + site.body());
        assertEquals(404, exchange("GET", "/admin/v1/sites/nope", null, "Authorization", "Bearer " + ADMIN).statusCode());
        HttpResponse<String> sites = exchange("GET", "/admin/v1/sites", null, "Authorization", "Bearer " + ADMIN);
        assertEquals(200, sites.statusCode(), sites.body());
        assertTrue(sites.body().contains("\"domain\":\"contract\""), sites.body());
        assertEquals(400, exchange("POST", "/admin/v1/sites", "{\"domain\":\"bad\",\"organization\":\"acme\","
                + "\"git\":{\"url\":\"ssh://git@example.com/acme/docs\"}}", admin).statusCode());
        assertEquals(409, exchange("POST", "/admin/v1/sites", "{\"domain\":\"docs\",\"organization\":\"acme\"}", admin).statusCode());
        assertEquals(400, exchange("POST", "/admin/v1/sites", "{\"domain\":\"docs\"}", admin).statusCode());
        assertEquals(409, exchange("DELETE", "/admin/v1/sites/docs", null, "Authorization", "Bearer " + ADMIN).statusCode());
        assertEquals(400, exchange("POST", "/admin/v1/sites/docs/deployments", "not an archive",
                "Content-Type", "application/gzip", "Authorization", "Bearer " + ADMIN).statusCode());
        HttpResponse<String> deployments = exchange("GET", "/admin/v1/sites/docs/deployments", null, "Authorization", "Bearer " + ADMIN);
        assertEquals(200, deployments.statusCode());
        String deployment = deployments.body().replaceAll("(?s).*?\"id\"\\s*:\\s*\"(dep_[^\"]+)\".*", "$1");
        assertEquals(200, exchange("GET", "/admin/v1/sites/docs/deployments/" + deployment, null, "Authorization", "Bearer " + ADMIN).statusCode());
        assertEquals(200, exchange("POST", "/admin/v1/sites/docs/deployments/" + deployment + "/activate", null,
                "Authorization", "Bearer " + ADMIN).statusCode());
        assertEquals(404, exchange("POST", "/admin/v1/sites/docs/deployments/dep_nope/activate", null,
                "Authorization", "Bearer " + ADMIN).statusCode());
        // The site docs signs no reader in: no key pair is made for it (ReaderJwtTest makes one for a JWT site).
        HttpResponse<String> noReaders = exchange("POST", "/admin/v1/sites/docs/reader-auth/jwt-key", null, "Authorization", "Bearer " + ADMIN);
        assertEquals(404, noReaders.statusCode());
        assertTrue(noReaders.body().contains("has no reader-auth"), noReaders.body());
        assertEquals(404, exchange("GET", "/admin/v1/sites/docs/reader-auth/jwt-key", null, "Authorization", "Bearer " + ADMIN)
                .statusCode());
        exchange("GET", "/health", null);
        // The site docs is not deployed from Git: the webhook answers 404; contract checks the signature first (401).
        assertEquals(404, exchange("POST", "/hooks/git/docs", "{\"ref\":\"refs/heads/main\"}",
                "Content-Type", "application/json").statusCode());
        assertEquals(401, exchange("POST", "/hooks/git/contract", "{\"ref\":\"refs/heads/main\"}",
                "Content-Type", "application/json").statusCode());
    }

    @Test
    void everyDocumentedOperationIsExercised() throws Exception {
        exerciseEveryOperation();
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(server.get("/openapi.yaml").body());
        TreeSet<String> documented = new TreeSet<>();
        doc.get("paths").fields().forEachRemaining(p -> p.getValue().fieldNames().forEachRemaining(m ->
                documented.add(m.toUpperCase() + " " + p.getKey())));
        TreeSet<String> exercised = new TreeSet<>();
        for (String c : covered) {
            exercised.add(c.replaceAll("/(docs|contract|nope)(/|$)", "/{domain}$2").replaceAll("/keys/key_[^/]+", "/keys/{id}")
                    .replaceAll("/analytics-keys/akey_[^/]+", "/analytics-keys/{id}")
                    .replaceAll("^(GET /v1/insights/\\{domain\\}/)[a-z-]+$", "$1{dataset}")
                    .replaceAll("/message/thr_[^/]+/stream", "/message/{threadId}/stream")
                    .replaceAll("/deployments/dep_[^/]+", "/deployments/{id}"));
        }
        assertEquals(documented, exercised);
    }

    @Test
    void aRenamedResponseFieldFails() {
        String search = "{\"query\":\"retries\"}";
        HttpResponse<String> res = exchange("POST", "/v1/search/docs", search, json(server.authorization()));
        Map<String, List<String>> sent = Map.of("Content-Type", List.of("application/json"), "Authorization", List.of(server.authorization()));
        Map<String, List<String>> received = res.headers().map();
        OpenApiContract.check("POST", "/v1/search/docs", sent, search, 200, received, res.body());
        // "path" renamed "url": what a client generated from the document would no longer find.
        String renamed = res.body().replace("\"path\":", "\"url\":");
        AssertionError failed = assertThrows(AssertionError.class,
                () -> OpenApiContract.check("POST", "/v1/search/docs", sent, search, 200, received, renamed));
        assertTrue(failed.getMessage().contains("path"), failed.getMessage());
        // The validator itself, on the same two bodies.
        SimpleRequest request = new SimpleRequest.Builder(Request.Method.POST, "/v1/search/docs")
                .withHeader("Content-Type", "application/json").withHeader("Authorization", server.authorization()).withBody(search).build();
        ValidationReport good = OpenApiContract.validator().validate(request,
                SimpleResponse.Builder.ok().withContentType("application/json").withBody(res.body()).build());
        assertFalse(good.hasErrors(), good.getMessages().toString());
        assertTrue(OpenApiContract.validator().validate(request,
                SimpleResponse.Builder.ok().withContentType("application/json").withBody(renamed).build()).hasErrors());
    }

    @Test
    void aRequestTheDocumentRefusesMustBeRefused() {
        Map<String, List<String>> sent = Map.of("Content-Type", List.of("application/json"), "Authorization", List.of(server.authorization()));
        Map<String, List<String>> jsonType = Map.of("Content-Type", List.of("application/json"));
        // pageSize 0 is below the documented minimum: a 400 agrees, a 200 means the document is stricter than the server.
        OpenApiContract.check("POST", "/v1/search/docs", sent, "{\"query\":\"x\",\"pageSize\":0}", 400, jsonType,
                "{\"message\":\"pageSize must be an integer from 1 to 50\"}");
        assertThrows(AssertionError.class, () -> OpenApiContract.check("POST", "/v1/search/docs", sent,
                "{\"query\":\"x\",\"pageSize\":0}", 200, jsonType, "[]"));
        // An operation the document lacks may only be 404 or 405.
        OpenApiContract.check("GET", "/v1/search/docs", sent, null, 405, jsonType, "{\"message\":\"use POST\"}");
        assertThrows(AssertionError.class, () -> OpenApiContract.check("DELETE", "/admin/v1/keys/key_1", sent, null, 200, jsonType, "{}"));
    }

    @Test
    void servedAsYamlAndAsTheSameJson() throws Exception {
        HttpResponse<String> yaml = server.get("/openapi.yaml");
        HttpResponse<String> json = server.get("/openapi.json");
        assertEquals(200, json.statusCode());
        assertTrue(json.headers().firstValue("Content-Type").orElseThrow().startsWith("application/json"));
        assertTrue(yaml.headers().firstValue("Content-Type").orElseThrow().startsWith("application/yaml"));
        JsonNode fromYaml = new ObjectMapper(new YAMLFactory()).readTree(yaml.body());
        assertEquals(fromYaml, new ObjectMapper().readTree(json.body()));
        assertEquals(OpenApiContract.document(), yaml.body(), "the checked document is the served one");
        assertEquals("3.1.0", fromYaml.get("openapi").asText());
        assertTrue(fromYaml.at("/paths/~1v1~1assistant~1{domain}~1message/post/deprecated").asBoolean());
    }
}
