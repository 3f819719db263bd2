package dev.docsassistant.http;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.docsassistant.testing.AgentDocsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keeps the served OpenAPI document true: the requests the REST tests make (successes and each
 * kind of error, every documented operation) are sent to a real server, and each request and its
 * response are checked against the document by Atlassian's swagger-request-validator. A response
 * with a renamed field is shown to fail.
 */
class OpenApiContractTest {
    private static final String ADMIN = "an-admin-token-of-at-least-32-characters";
    private static AgentDocsServer server;
    private static OpenApiInteractionValidator validator;
    private static final List<String> problems = new ArrayList<>();
    private static final TreeSet<String> covered = new TreeSet<>();

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("security: {admin-token: " + ADMIN + "}", "");
        String yaml = server.get("/openapi.yaml").body();
        validator = OpenApiInteractionValidator.createForInlineApiSpecification(yaml).build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Sends the request, validates both halves, returns the response. */
    private static HttpResponse<String> exchange(String method, String path, String body, String... headers) {
        return exchange(true, method, path, body, headers);
    }

    /** A request the server must refuse: only its response is checked against the document. */
    private static HttpResponse<String> refused(String method, String path, String body, String... headers) {
        return exchange(false, method, path, body, headers);
    }

    private static HttpResponse<String> exchange(boolean validRequest, String method, String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri(path));
        if (headers.length > 0) {
            b.headers(headers);
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> res = server.send(b);
        String[] pathAndQuery = path.split("\\?", 2);
        SimpleRequest.Builder request = new SimpleRequest.Builder(Request.Method.valueOf(method), pathAndQuery[0]);
        if (pathAndQuery.length > 1) {
            for (String pair : pathAndQuery[1].split("&")) {
                String[] kv = pair.split("=", 2);
                request.withQueryParam(kv[0], kv.length > 1 ? kv[1] : "");
            }
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.withHeader(headers[i], headers[i + 1]);
        }
        if (body != null) {
            request.withBody(body);
        }
        SimpleResponse.Builder response = SimpleResponse.Builder.status(res.statusCode());
        res.headers().map().forEach((name, values) -> response.withHeader(name, values));
        if (!res.body().isEmpty()) {
            response.withBody(res.body());
        }
        ValidationReport report = validRequest ? validator.validate(request.build(), response.build())
                : validator.validateResponse(pathAndQuery[0], Request.Method.valueOf(method), response.build());
        if (report.hasErrors()) {
            problems.add(method + " " + path + " → " + res.statusCode() + ": " + report.getMessages());
        }
        covered.add(method + " " + path.replaceAll("\\?.*", ""));
        return res;
    }

    private static String[] json(String authorization) {
        return new String[]{"Content-Type", "application/json", "Authorization", authorization};
    }

    @Test
    void everyRestExchangeMatchesTheDocument() {
        exerciseEveryOperation();
        assertEquals(List.of(), problems);
    }

    /** The REST tests' requests, once per run. */
    private static synchronized void exerciseEveryOperation() {
        if (!covered.isEmpty()) {
            return;
        }
        String key = server.authorization();
        String[] ok = json(key);
        assertEquals(200, exchange("POST", "/v1/search/docs", "{\"query\":\"retries\",\"pageSize\":5,\"scoreThreshold\":0.01,"
                + "\"filter\":{\"version\":null,\"language\":null,\"tag\":null,\"groups\":[\"partners\"]}}", ok).statusCode());
        refused("POST", "/v1/search/docs", "{\"query\":\"\"}", ok);
        refused("POST", "/v1/search/docs", "{\"query\":\"x\",\"pageSize\":0}", ok);
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
        refused("POST", "/v2/assistant/docs/message", "{\"fp\":\"a\",\"messages\":[]}", ok);
        exchange("POST", "/v2/assistant/docs/message", "{\"fp\":\"a\",\"threadId\":\"thr_nope\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}", ok);
        assertEquals(204, exchange("POST", "/v1/feedback/docs", "{\"path\":\"/retries\",\"helpful\":true}", ok).statusCode());
        refused("POST", "/v1/feedback/docs", "{\"path\":\"/retries\"}", ok);

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
        exchange("GET", "/health", null);
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
            exercised.add(c.replaceAll("/(docs)(/|$)", "/{domain}$2").replaceAll("/keys/key_[^/]+", "/keys/{id}"));
        }
        assertEquals(documented, exercised);
    }

    @Test
    void aRenamedResponseFieldFails() {
        String body = server.send(HttpRequest.newBuilder(server.uri("/v1/search/docs")).headers(json(server.authorization()))
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"retries\"}"))).body();
        SimpleRequest request = new SimpleRequest.Builder(Request.Method.POST, "/v1/search/docs")
                .withHeader("Content-Type", "application/json").withHeader("Authorization", server.authorization())
                .withBody("{\"query\":\"retries\"}").build();
        ValidationReport good = validator.validate(request,
                SimpleResponse.Builder.ok().withContentType("application/json").withBody(body).build());
        assertFalse(good.hasErrors(), good.getMessages().toString());
        // "path" renamed "url": what a client generated from the document would no longer find.
        ValidationReport renamed = validator.validate(request, SimpleResponse.Builder.ok().withContentType("application/json")
                .withBody(body.replace("\"path\":", "\"url\":")).build());
        assertTrue(renamed.hasErrors());
        assertTrue(renamed.getMessages().toString().contains("path"), renamed.getMessages().toString());
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
        assertEquals("3.1.0", fromYaml.get("openapi").asText());
        assertTrue(fromYaml.at("/paths/~1v1~1assistant~1{domain}~1message/post/deprecated").asBoolean());
    }
}
