package dev.docsassistant.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.testing.AgentDocsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Endpoint pages generated from an OpenAPI description, as agents read them: MCP {@code get_page}
 * and {@code llms-full.txt} carry the operation as Markdown (method and path, operation id,
 * parameters, body fields, responses), not only the page's prose.
 */
class ApiForAgentsTest {
    static final String SPEC = """
            {"openapi": "3.0.3", "info": {"title": "Widgets", "version": "1"},
             "servers": [{"url": "https://api.widgets.example/v1"}],
             "paths": {"/widgets": {"post": {
               "summary": "Create a widget", "operationId": "createWidget",
               "description": "Makes a widget for the account.",
               "parameters": [{"name": "dryRun", "in": "query", "schema": {"type": "boolean"}, "description": "Only validate"}],
               "requestBody": {"required": true, "content": {"application/json": {"schema": {
                 "type": "object", "required": ["colour"],
                 "properties": {"colour": {"type": "string", "enum": ["red", "blue"], "description": "The widget's colour"}}}}}},
               "responses": {"201": {"description": "Created", "content": {"application/json": {"schema": {
                 "type": "object", "properties": {"widgetSerial": {"type": "string", "description": "Serial number"}}}}}}}}}}}""";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static AgentDocsServer server;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.withApi(SPEC);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void assertTheOperation(String markdown) {
        assertTrue(markdown.contains("`POST /widgets`"), markdown);
        assertTrue(markdown.contains("createWidget"), markdown);
        assertTrue(markdown.contains("dryRun"), "the query parameter: " + markdown);
        assertTrue(markdown.contains("colour") && markdown.contains("The widget's colour"), "the body's field: " + markdown);
        assertTrue(markdown.contains("201") && markdown.contains("widgetSerial"), "the response: " + markdown);
    }

    @Test
    void mcpGetPageOfAnEndpointPageIsTheOperationAsMarkdown() throws IOException {
        HttpResponse<String> res = server.send(HttpRequest.newBuilder(server.uri("/sites/docs/mcp"))
                .headers("Content-Type", "application/json", "Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_page",
                         "arguments":{"path":"/api-reference/create-a-widget"}}}""")));
        assertEquals(200, res.statusCode(), res.body());
        JsonNode result = JSON.readTree(res.body()).path("result");
        assertFalse(result.path("isError").asBoolean(), res.body());
        assertEquals("Create a widget", result.path("structuredContent").path("title").asText(), res.body());
        assertTheOperation(result.path("content").get(0).path("text").asText());
    }

    @Test
    void llmsFullTxtCarriesTheOperation() {
        HttpResponse<String> res = server.get("/sites/docs/llms-full.txt");
        assertEquals(200, res.statusCode());
        String full = res.body();
        int at = full.indexOf("# Create a widget\n");
        assertTrue(at >= 0, full);
        int next = full.indexOf("\n# ", at + 1);
        assertTheOperation(full.substring(at, next < 0 ? full.length() : next));
    }
}
