package dev.docsassistant.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.testing.AgentDocsServer;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MCP edge over real HTTP: the Streamable HTTP rules (methods, media types, protocol revision,
 * Origin, body size), access (no key, a key that opens the access groups, a bad key, the per-address
 * limit), and each tool and resource through the SDK's server. The official TypeScript client drives
 * the same server in {@code clients/js/test/mcp.test.mjs}.
 */
class McpRoutesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MCP = "/sites/docs/mcp";
    private static AgentDocsServer server;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("", "");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> post(String path, String body, String... headers) {
        List<String> all = new ArrayList<>(List.of("Content-Type", "application/json", "Accept", "application/json, text/event-stream"));
        all.addAll(List.of(headers));
        return server.send(HttpRequest.newBuilder(server.uri(path)).headers(all.toArray(String[]::new))
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static String request(String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private static JsonNode json(String s) {
        try {
            return JSON.readTree(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A tools/call's result, checked to be a JSON-RPC success. */
    private static JsonNode call(String tool, String arguments, String... headers) {
        HttpResponse<String> res = post(MCP, request("tools/call", "{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}"), headers);
        assertEquals(200, res.statusCode(), res.body());
        JsonNode reply = json(res.body());
        assertEquals(7, reply.get("id").asInt());
        return reply.get("result");
    }

    @Test
    void initializeAndListTheTools() {
        HttpResponse<String> res = post(MCP, request("initialize", """
                {"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}"""));
        assertEquals(200, res.statusCode(), res.body());
        assertTrue(res.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        assertTrue(res.headers().firstValue("Mcp-Session-Id").isEmpty(), "stateless: no session");
        JsonNode init = json(res.body()).get("result");
        assertEquals("2025-06-18", init.get("protocolVersion").asText());
        assertEquals("docs-docs", init.at("/serverInfo/name").asText());
        assertTrue(init.at("/capabilities/tools").isObject() && init.at("/capabilities/resources").isObject(), init.toString());

        assertEquals(202, post(MCP, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").statusCode());
        JsonNode tools = json(post(MCP, request("tools/list", "{}"), "MCP-Protocol-Version", "2025-06-18").body()).at("/result/tools");
        List<String> names = new ArrayList<>();
        tools.forEach(t -> names.add(t.get("name").asText()));
        assertEquals(List.of("search", "get_page", "ask", "feedback"), names);
        assertEquals("query", tools.get(0).at("/inputSchema/required/0").asText());
        assertTrue(tools.get(0).at("/annotations/readOnlyHint").asBoolean());
    }

    @Test
    void searchReturnsWhatTheSearchApiReturnsAndHidesGroupPagesWithoutAKey() {
        JsonNode result = call("search", "{\"query\":\"how are failed deliveries retried\",\"pageSize\":3}");
        assertFalse(result.path("isError").asBoolean());
        JsonNode first = result.at("/structuredContent/results/0");
        assertEquals("/retries", first.get("path").asText().replaceAll("#.*", ""));
        assertEquals("Retries", first.at("/metadata/title").asText());
        String text = result.at("/content/0/text").asText();
        assertTrue(text.contains(server.uri("/sites/docs/retries").toString()), text);

        HttpResponse<String> rest = server.send(HttpRequest.newBuilder(server.uri("/v1/search/docs"))
                .header("Authorization", server.authorization()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"how are failed deliveries retried\",\"pageSize\":3}")));
        JsonNode restResults = json(rest.body());
        restResults.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).remove("searchId")); // each search has its own
        assertEquals(restResults, result.at("/structuredContent/results"), "the same results as /v1/search");
        assertTrue(result.at("/structuredContent/searchId").asText().matches("srch_[0-9a-f]{24}"), result.toString());

        String partners = "{\"query\":\"partner discounts\"}";
        assertFalse(call("search", partners).toString().contains("/partners/pricing"), "public only without a key");
        assertTrue(call("search", partners, "Authorization", server.authorization()).toString().contains("/partners/pricing"));
    }

    @Test
    void getPageIsTheAgentsMarkdownAndGroupPagesNeedAKey() {
        JsonNode page = call("get_page", "{\"path\":\"/retries#anchor\"}");
        String text = page.at("/content/0/text").asText();
        assertTrue(text.startsWith("# Retries"), text);
        assertTrue(text.contains(AgentDocsServer.AGENTS_ONLY) && !text.contains(AgentDocsServer.HUMANS_ONLY), text);

        JsonNode hidden = call("get_page", "{\"path\":\"/partners/pricing\"}");
        assertTrue(hidden.get("isError").asBoolean());
        assertEquals("path names no page of this site: /partners/pricing", hidden.at("/content/0/text").asText());
        JsonNode opened = call("get_page", "{\"path\":\"/partners/pricing\"}", "Authorization", server.authorization());
        assertTrue(opened.at("/content/0/text").asText().contains("30 percent"), opened.toString());
    }

    @Test
    void askAnswersFromTheDocsWithSourceLinks() {
        JsonNode answer = call("ask", "{\"question\":\"How many times are failed deliveries retried?\"}");
        assertFalse(answer.path("isError").asBoolean(), answer.toString());
        String text = answer.at("/content/0/text").asText();
        assertTrue(text.contains("five times"), text);
        assertTrue(text.contains("Sources:\n- [Retries](" + server.uri("/sites/docs/retries")), text);
        assertEquals("/retries", answer.at("/structuredContent/sources/0/path").asText().replaceAll("#.*", ""));
    }

    @Test
    void agentsSendFeedbackOnAPageOrAnAnswerKeptWithChannelMcp() {
        JsonNode answer = call("ask", "{\"question\":\"How many times are failed deliveries retried?\"}");
        String messageId = answer.at("/structuredContent/messageId").asText();
        assertTrue(messageId.startsWith("msg_"), answer.toString());
        JsonNode onAnswer = call("feedback", "{\"messageId\":\"" + messageId + "\",\"helpful\":false,\"comment\":\"misses the limit\"}");
        assertFalse(onAnswer.path("isError").asBoolean(), onAnswer.toString());
        JsonNode onPage = call("feedback", "{\"path\":\"/retries#schedule\",\"helpful\":true}");
        assertFalse(onPage.path("isError").asBoolean(), onPage.toString());
        assertEquals("/retries", onPage.at("/structuredContent/path").asText());
        var db = server.app().database();
        assertEquals("mcp|misses the limit|0", db.transaction(c -> {
            try (var ps = c.prepareStatement("SELECT channel, comment, helpful FROM answer_feedback WHERE message_id = ?")) {
                ps.setString(1, messageId);
                try (var rs = ps.executeQuery()) {
                    return rs.next() ? rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getInt(3) : "none";
                }
            }
        }));
        assertEquals("docs|/retries|mcp|1", db.transaction(c -> {
            try (var ps = c.prepareStatement("SELECT domain, path, channel, helpful FROM page_feedback"); var rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3) + "|" + rs.getInt(4) : "none";
            }
        }));

        assertEquals("path or messageId is required: name the page or the answer the feedback is about",
                call("feedback", "{\"helpful\":true}").at("/content/0/text").asText());
        assertEquals("path names no page of this site: /partners/pricing",
                call("feedback", "{\"path\":\"/partners/pricing\",\"helpful\":true}").at("/content/0/text").asText(),
                "a page the caller cannot read is no page");
        assertEquals("messageId names no answer of this site",
                call("feedback", "{\"messageId\":\"msg_nosuch\",\"helpful\":true}").at("/content/0/text").asText());
        assertTrue(call("feedback", "{\"path\":\"/retries\"}").get("isError").asBoolean(), "helpful is required");
    }

    @Test
    void badArgumentsAreToolErrorsNamingTheArgumentAndUnknownToolsProtocolErrors() {
        JsonNode empty = call("search", "{\"query\":\"\"}");
        assertTrue(empty.get("isError").asBoolean());
        assertEquals("query must not be empty", empty.at("/content/0/text").asText());
        JsonNode size = call("search", "{\"query\":\"x\",\"pageSize\":500}");
        assertTrue(size.get("isError").asBoolean(), "the input schema's maximum");
        assertTrue(call("ask", "{}").get("isError").asBoolean(), "question is required");

        JsonNode unknown = json(post(MCP, request("tools/call", "{\"name\":\"delete_everything\",\"arguments\":{}}")).body());
        assertEquals(-32602, unknown.at("/error/code").asInt());
        JsonNode method = json(post(MCP, request("prompts/get", "{\"name\":\"x\"}")).body());
        assertEquals(-32601, method.at("/error/code").asInt());
    }

    @Test
    void publicPagesAreMarkdownResources() {
        JsonNode list = json(post(MCP, request("resources/list", "{}")).body()).at("/result/resources");
        List<String> uris = new ArrayList<>();
        list.forEach(r -> uris.add(r.get("uri").asText()));
        assertTrue(uris.contains("docs://docs/retries") && uris.contains("docs://docs/index"), uris.toString());
        assertFalse(uris.contains("docs://docs/partners/pricing"), "access-group pages are not listed");
        JsonNode read = json(post(MCP, request("resources/read", "{\"uri\":\"docs://docs/retries\"}")).body());
        assertEquals("text/markdown", read.at("/result/contents/0/mimeType").asText());
        assertTrue(read.at("/result/contents/0/text").asText().contains(AgentDocsServer.AGENTS_ONLY));
        JsonNode missing = json(post(MCP, request("resources/read", "{\"uri\":\"docs://docs/nope\"}")).body());
        assertEquals(-32002, missing.at("/error/code").asInt(), missing.toString());
    }

    @Test
    void streamableHttpRulesAreHttpStatusesWithJsonRpcErrors() {
        HttpResponse<String> get = server.get(MCP, "Accept", "text/event-stream");
        assertEquals(405, get.statusCode());
        assertEquals("POST, OPTIONS", get.headers().firstValue("Allow").orElseThrow());
        String ping = request("ping", "{}");
        assertEquals(406, server.send(HttpRequest.newBuilder(server.uri(MCP)).header("Content-Type", "application/json")
                .header("Accept", "text/html").POST(HttpRequest.BodyPublishers.ofString(ping))).statusCode());
        assertEquals(415, server.send(HttpRequest.newBuilder(server.uri(MCP)).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(ping))).statusCode());
        HttpResponse<String> version = post(MCP, ping, "MCP-Protocol-Version", "1999-01-01");
        assertEquals(400, version.statusCode());
        assertTrue(json(version.body()).at("/error/message").asText().contains("2025-06-18"), version.body());
        HttpResponse<String> broken = post(MCP, "{\"jsonrpc\":");
        assertEquals(400, broken.statusCode());
        assertEquals(-32700, json(broken.body()).at("/error/code").asInt());
        assertEquals(413, post(MCP, "{\"x\":\"" + "a".repeat(1024 * 1024) + "\"}").statusCode());
        assertEquals(403, post(MCP, ping, "Origin", "https://evil.example").statusCode(), "DNS rebinding");
        HttpResponse<String> sameOrigin = post(MCP, ping, "Origin", "http://127.0.0.1:" + server.port());
        assertEquals(200, sameOrigin.statusCode(), sameOrigin.body());
        assertEquals(200, post(MCP, ping).statusCode());
    }

    @Test
    void keysAreCheckedWhenSentAndSitesCanTurnMcpOff() {
        HttpResponse<String> bad = post(MCP, request("ping", "{}"), "Authorization", "Bearer svc_dsc_" + "A".repeat(43));
        assertEquals(401, bad.statusCode());
        assertEquals("Bearer", bad.headers().firstValue("WWW-Authenticate").orElseThrow());
        assertEquals("invalid key", json(bad.body()).at("/error/message").asText());
        assertTrue(bad.headers().firstValue("RateLimit-Remaining").isPresent());

        HttpResponse<String> off = post("/sites/quiet/mcp", request("ping", "{}"));
        assertEquals(404, off.statusCode());
        assertEquals("MCP is turned off for site quiet", json(off.body()).get("message").asText());
        assertEquals(404, post("/sites/nope/mcp", request("ping", "{}")).statusCode());
    }

    @Test
    void theSiteHostNameServesTheSameServerAtSlashMcp() {
        WebClient client = WebClient.builder().baseUri("http://127.0.0.1:" + server.port()).build();
        try (HttpClientResponse res = client.post("/mcp").header(HeaderNames.HOST, "docs.localhost:" + server.port())
                .header(HeaderNames.CONTENT_TYPE, "application/json").header(HeaderNames.ACCEPT, "application/json, text/event-stream")
                .submit(request("tools/call", "{\"name\":\"get_page\",\"arguments\":{\"path\":\"/index\"}}"))) {
            assertEquals(200, res.status().code());
            JsonNode page = json(res.as(String.class)).get("result");
            assertEquals("http://docs.localhost:" + server.port() + "/index", page.at("/structuredContent/url").asText());
        }
        try (HttpClientResponse res = client.post("/mcp").header(HeaderNames.CONTENT_TYPE, "application/json")
                .submit(request("ping", "{}"))) {
            assertEquals(404, res.status().code(), "no site named by the host: not an MCP address");
        }
    }

    @Test
    void thePerAddressLimitApplies() {
        try (AgentDocsServer limited = AgentDocsServer.start("limits: {ip-per-day: 2}", "")) {
            for (int i = 0; i < 2; i++) {
                assertEquals(200, limited.send(HttpRequest.newBuilder(limited.uri(MCP)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(request("ping", "{}")))).statusCode());
            }
            HttpResponse<String> over = limited.send(HttpRequest.newBuilder(limited.uri(MCP)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(request("ping", "{}"))));
            assertEquals(429, over.statusCode());
            assertTrue(over.headers().firstValue("Retry-After").isPresent());
        }
    }
}
