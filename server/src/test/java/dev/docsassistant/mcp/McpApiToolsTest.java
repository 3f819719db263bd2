package dev.docsassistant.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.docsassistant.testing.AgentDocsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code x-mint.mcp}: the operations an OpenAPI description enables are tools of the site's MCP server
 * that call the API (a real HTTP server on loopback, allowed by {@code api-playground.internal-hosts})
 * through the playground proxy; operations not enabled are not tools, and a refusal is a tool error.
 */
class McpApiToolsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> RECEIVED = new CopyOnWriteArrayList<>();
    private static HttpServer api;
    private static AgentDocsServer server;

    @BeforeAll
    static void start() throws IOException {
        api = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        api.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            RECEIVED.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " auth=" + exchange.getRequestHeaders()
                    .getFirst("Authorization") + " type=" + exchange.getRequestHeaders().getFirst("Content-Type") + " body=" + body);
            byte[] answer = "{\"id\": \"w-42\", \"colour\": \"red\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(201, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        api.start();
        int port = api.getAddress().getPort();
        server = AgentDocsServer.withApi("""
                {"openapi": "3.0.3", "info": {"title": "Widgets", "version": "1"},
                 "servers": [{"url": "http://127.0.0.1:%d/v1"}],
                 "paths": {
                   "/shops/{shop}/widgets": {"post": {
                     "summary": "Create a widget", "operationId": "createWidget",
                     "x-mint": {"mcp": {"enabled": true, "description": "Makes a widget in a shop"}},
                     "parameters": [{"name": "shop", "in": "path", "required": true, "schema": {"type": "string"}},
                                    {"name": "dryRun", "in": "query", "schema": {"type": "boolean"}}],
                     "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object"}}}},
                     "responses": {"201": {"description": "Created"}}}},
                   "/widgets": {"get": {"summary": "List widgets", "operationId": "listWidgets",
                     "responses": {"200": {"description": "OK"}}}}}}""".formatted(port), """
                api-playground:
                  internal-hosts: ["127.0.0.1:%d"]
                """.formatted(port));
    }

    @AfterAll
    static void stop() {
        server.close();
        api.stop(0);
    }

    private static JsonNode rpc(String method, String params) throws IOException {
        HttpResponse<String> res = server.send(HttpRequest.newBuilder(server.uri("/sites/docs/mcp"))
                .headers("Content-Type", "application/json", "Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}")));
        assertEquals(200, res.statusCode(), res.body());
        return JSON.readTree(res.body()).path("result");
    }

    @Test
    void anEnabledOperationIsAToolWithItsParametersAndOthersAreNot() throws IOException {
        List<String> names = new ArrayList<>();
        JsonNode tools = rpc("tools/list", "{}").path("tools");
        tools.forEach(t -> names.add(t.path("name").asText()));
        assertEquals(List.of("search", "get_page", "ask", "feedback", "createWidget"), names);
        JsonNode tool = tools.get(4);
        assertTrue(tool.path("description").asText().startsWith("Makes a widget in a shop"), tool.toString());
        JsonNode input = tool.path("inputSchema");
        assertEquals("string", input.path("properties").path("shop").path("type").asText(), input.toString());
        assertEquals("boolean", input.path("properties").path("dryRun").path("type").asText(), input.toString());
        assertTrue(input.path("properties").has("body") && input.path("properties").has("headers"), input.toString());
        assertEquals("[\"shop\",\"body\"]", input.path("required").toString());
    }

    @Test
    void callingTheToolSendsTheRequestToTheApiThroughTheProxy() throws IOException {
        RECEIVED.clear();
        JsonNode result = rpc("tools/call", """
                {"name": "createWidget", "arguments": {"shop": "north side", "dryRun": true, "body": {"colour": "red"},
                 "headers": {"Authorization": "Bearer agent-token"}}}""");
        assertFalse(result.path("isError").asBoolean(), result.toString());
        assertEquals(List.of("POST /v1/shops/north%20side/widgets?dryRun=true auth=Bearer agent-token type=application/json"
                + " body={\"colour\":\"red\"}"), RECEIVED);
        String text = result.path("content").get(0).path("text").asText();
        assertTrue(text.startsWith("HTTP 201") && text.contains("w-42"), text);
        assertEquals(201, result.path("structuredContent").path("status").asInt(), result.toString());
    }

    @Test
    void aMissingRequiredArgumentIsAToolErrorAndNothingIsSent() throws IOException {
        RECEIVED.clear();
        JsonNode result = rpc("tools/call", "{\"name\": \"createWidget\", \"arguments\": {\"body\": {}}}");
        assertTrue(result.path("isError").asBoolean(), result.toString());
        assertTrue(result.path("content").get(0).path("text").asText().contains("shop"), result.toString());
        assertEquals(List.of(), RECEIVED);
    }
}
