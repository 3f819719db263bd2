package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.proto.v1.Role;
import dev.docsassistant.proto.v1.TextPart;
import dev.docsassistant.testing.AgentDocsServer;
import dev.docsassistant.web.Json;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URLDecoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A site's docs.json {@code assistant} and {@code contextual} on a running server: a non-answer ends
 * with the site's hand-off on every edge (REST v2 and v1, OpenAI's chat completions, gRPC: one
 * core); every page carries the page menu with links built for the address it was reached at, its
 * Markdown twin as {@code <link rel="alternate">}, the starter questions in the Ask AI panel, and
 * the same Content-Security-Policy as a site without them; llms.txt names the MCP server where the
 * site serves one ({@code docs}), and neither llms.txt nor the menu does where it does not ({@code quiet}).
 */
class SiteAssistantSettingsTest {
    private static final String OFF_TOPIC = "How do I bake sourdough bread in a wood-fired oven?";
    private static final String HANDOFF = "For more help, [Contact support](https://relay.example/support).";
    private static AgentDocsServer server;
    private static AgentDocsServer plain;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("", "", """
                "assistant": {"starterQuestions": ["How are deliveries retried?", "Who gets partner pricing?"],
                              "handoff": {"label": "Contact support", "url": "https://relay.example/support"}},
                "contextual": {"options": ["copy", "view", "assistant", "chatgpt", "claude", "perplexity", "mcp", "cursor",
                  "vscode", {"title": "Share on X", "description": "Share this page", "icon": "x",
                  "href": {"base": "https://x.com/intent/tweet", "query": [{"key": "text", "value": "See $path via $mcp"}]}}]},""");
        plain = AgentDocsServer.start("", "");
    }

    @AfterAll
    static void stop() {
        server.close();
        plain.close();
    }

    private static HttpResponse<String> post(String path, Object body) {
        return server.send(HttpRequest.newBuilder(server.uri(path)).header("Authorization", server.authorization())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(Json.write(body))));
    }

    @Test
    void everyEdgeEndsANonAnswerWithTheHandoff() throws Exception {
        HttpResponse<String> v2 = post("/v2/assistant/docs/message", Json.object("fp", "a", "messages", List.of(
                Json.object("id", "m1", "role", "user", "parts", List.of(Json.object("type", "text", "text", OFF_TOPIC))))));
        assertEquals(200, v2.statusCode(), v2.body());
        StringBuilder v2Text = new StringBuilder();
        for (String line : v2.body().split("\n")) {
            if (line.startsWith("data: {")) {
                JsonNode event = Json.MAPPER.readTree(line.substring(6));
                if (event.path("type").asText().equals("text-delta")) {
                    v2Text.append(event.path("delta").asText());
                }
            }
        }
        assertTrue(v2Text.toString().startsWith("I couldn't find this in the Relay documentation."), v2Text.toString());
        assertTrue(v2Text.toString().endsWith(HANDOFF), v2Text.toString());

        HttpResponse<String> v1 = post("/v1/assistant/docs/message", Json.object("fp", "a", "messages", List.of(
                Json.object("id", "1", "role", "user", "content", OFF_TOPIC))));
        String v1Text = v1.body().lines().filter(l -> l.startsWith("0:"))
                .map(l -> Json.MAPPER.convertValue(readTree(l.substring(2)), String.class)).collect(Collectors.joining());
        assertTrue(v1Text.endsWith(HANDOFF), v1.body());

        HttpResponse<String> openai = post("/v1/chat/completions", Json.object("model", "docs", "messages",
                List.of(Json.object("role", "user", "content", OFF_TOPIC))));
        assertEquals(200, openai.statusCode(), openai.body());
        String content = Json.MAPPER.readTree(openai.body()).at("/choices/0/message/content").asText();
        assertTrue(content.endsWith(HANDOFF), content);

        ManagedChannel channel = NettyChannelBuilder.forAddress("localhost", server.port()).usePlaintext().build();
        try {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), server.authorization());
            var stub = AssistantServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
            List<MessageEvent> events = new ArrayList<>();
            stub.createMessage(CreateMessageRequest.newBuilder().setDomain("docs").setFp("a").addMessages(Message.newBuilder()
                    .setId("m1").setRole(Role.ROLE_USER).addParts(MessagePart.newBuilder().setText(TextPart.newBuilder()
                            .setText(OFF_TOPIC)))).build()).forEachRemaining(events::add);
            String grpc = events.stream().filter(MessageEvent::hasTextDelta).map(e -> e.getTextDelta().getDelta())
                    .collect(Collectors.joining());
            assertTrue(grpc.endsWith(HANDOFF), grpc);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static JsonNode readTree(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (Exception e) {
            throw new AssertionError(json, e);
        }
    }

    @Test
    void pagesCarryTheMenuTheMarkdownTwinAndTheStarterQuestions() {
        HttpResponse<String> res = server.get("/sites/docs/retries");
        assertEquals(200, res.statusCode());
        String html = res.body();
        String base = server.uri("/sites/docs").toString();
        assertTrue(html.contains("<link rel=\"alternate\" type=\"text/markdown\" href=\"/sites/docs/retries.md\">"), html);
        assertEquals(200, server.get("/sites/docs/retries.md").statusCode(), "the twin the link names is there");
        String menu = html.substring(html.indexOf("<div class=\"contextual\""), html.indexOf("</div>", html.indexOf("<div class=\"contextual\"")));
        assertTrue(menu.contains("aria-haspopup=\"menu\" aria-expanded=\"false\" aria-controls=\"da:ctx-menu\""), menu);
        assertTrue(menu.contains("<ul class=\"contextual-menu\" role=\"menu\" id=\"da:ctx-menu\" aria-labelledby=\"da:ctx-button\" hidden>"), menu);
        assertTrue(menu.contains("<button type=\"button\" class=\"contextual-primary\" data-ctx=\"copy\" data-copy-from=\"/sites/docs/retries.md\">"),
                "the first option is the button beside the menu: " + menu);
        assertEquals(10, count(menu, "role=\"menuitem\""), "every option, the first included: " + menu);
        List<String> hrefs = hrefs(menu);
        String prompt = "Read " + base + "/retries so I can ask questions about it.";
        assertTrue(hrefs.contains("https://chatgpt.com/?hints=search&q=" + prompt), hrefs.toString());
        assertTrue(hrefs.contains("https://claude.ai/new?q=" + prompt), hrefs.toString());
        assertTrue(hrefs.contains("https://www.perplexity.ai/search/new?q=" + prompt), hrefs.toString());
        assertTrue(hrefs.contains("/sites/docs/retries.md"), "View as Markdown: " + hrefs);
        assertTrue(hrefs.contains("vscode:mcp/install?{\"name\":\"docs\",\"type\":\"http\",\"url\":\"" + base + "/mcp\"}"), hrefs.toString());
        assertTrue(hrefs.contains("https://x.com/intent/tweet?text=See /retries via " + base + "/mcp"), hrefs.toString());
        String cursor = hrefs.stream().filter(h -> h.startsWith("cursor://anysphere.cursor-deeplink/mcp/install?name=docs&config="))
                .findFirst().orElseThrow(() -> new AssertionError(hrefs.toString()));
        assertEquals("{\"url\":\"" + base + "/mcp\"}", new String(java.util.Base64.getDecoder()
                .decode(cursor.substring(cursor.indexOf("config=") + 7)), StandardCharsets.UTF_8));
        assertTrue(menu.contains("data-copy-text=\"" + base + "/mcp\""), menu);
        assertTrue(menu.contains("data-ctx=\"assistant\" data-open-assistant>"), menu);

        String panel = html.substring(html.indexOf("<aside class=\"assistant\""));
        assertTrue(panel.contains("<div class=\"assistant-starters\" data-starters><p>Try asking</p><ul>"
                + "<li><button type=\"button\" data-starter>How are deliveries retried?</button></li>"
                + "<li><button type=\"button\" data-starter>Who gets partner pricing?</button></li></ul></div>"), panel);

        String csp = res.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertEquals(plain.get("/sites/docs/retries").headers().firstValue("Content-Security-Policy").orElseThrow(), csp,
                "the menu adds nothing to the policy");
        assertFalse(plain.get("/sites/docs/retries").body().contains("data-contextual"), "no contextual, no menu");
    }

    @Test
    void aSiteWithoutMcpOffersNoMcpItemsAndItsLlmsTxtNamesNone() {
        String quiet = server.get("/sites/quiet/retries").body();
        assertTrue(quiet.contains("data-ctx=\"chatgpt\""), "the other items stay");
        for (String item : List.of("mcp", "cursor", "vscode")) {
            assertFalse(quiet.contains("data-ctx=\"" + item + "\""), item);
        }
        String llms = server.get("/sites/docs/llms.txt").body();
        assertTrue(llms.contains("MCP server (Streamable HTTP; tools to search and read these pages): "
                + server.uri("/sites/docs/mcp")), llms);
        assertFalse(server.get("/sites/quiet/llms.txt").body().contains("/mcp"));
        String hostBased = dev.docsassistant.testing.RawHttp.exchange(server.port(), "GET /retries HTTP/1.1\r\nHost: docs.localhost:"
                + server.port() + "\r\nConnection: close\r\n\r\n", java.time.Duration.ofSeconds(10)).response().body();
        assertTrue(hrefs(hostBased).contains("https://claude.ai/new?q=Read http://docs.localhost:" + server.port()
                + "/retries so I can ask questions about it."), "links name the address the page was reached at: " + hrefs(hostBased));
    }

    private static int count(String s, String needle) {
        return s.split(Pattern.quote(needle), -1).length - 1;
    }

    private static List<String> hrefs(String html) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("href=\"([^\"]*)\"").matcher(html);
        while (m.find()) {
            out.add(URLDecoder.decode(m.group(1).replace("&amp;", "&").replace("&quot;", "\"").replace("+", "%2B"), StandardCharsets.UTF_8));
        }
        return out;
    }
}
