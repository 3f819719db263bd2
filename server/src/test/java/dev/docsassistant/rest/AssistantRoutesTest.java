package dev.docsassistant.rest;

import dev.docsassistant.web.Json;

import dev.docsassistant.server.ServerSetup;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.Corpora;
import dev.docsassistant.testing.TestApps;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ServerTest
@Tag(Corpora.TAG)
class AssistantRoutesTest {
    private static final String QUESTION = "Which exit code does the Inspector CLI use when the server needs authentication?";
    private final ApiClient api;

    AssistantRoutesTest(WebClient client) {
        this.api = new ApiClient(client);
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.corpora());
    }

    /** Posts with a key of the organisation owning the site ({@code mintlify}: other; anything else: acme). */
    private Reply post(String path, String body) {
        String organization = path.contains("/mintlify/") ? "other" : "acme";
        return api.postJson(path, body, "Authorization", TestApps.authorization(TestApps.corpora(), organization));
    }

    private static String v2(String question, String threadId) {
        return Json.write(Json.object("id", "chat-1", "trigger", "submit-message", "fp", "anonymous",
                "threadId", threadId, "messages", List.of(Json.object("id", "m1", "role", "user",
                        "parts", List.of(Json.object("type", "text", "text", question), Json.object("type", "data-x", "data", 1))))));
    }

    @Test
    void v2StreamsTheUiMessageStreamInOrder() {
        Reply r = post("/v2/assistant/mcp/message", v2(QUESTION, null));
        assertEquals(200, r.status());
        assertEquals("text/event-stream", r.contentType());
        assertNotNull(r.header("X-Thread-Id"));
        assertNotNull(r.header("X-Thread-Key"));
        List<JsonNode> events = r.events();
        List<String> types = events.stream().map(e -> e.get("type").asText()).toList();
        assertEquals("start", types.get(0));
        assertEquals("start-step", types.get(1));
        assertEquals(r.header("X-Thread-Id"), events.get(0).at("/messageMetadata/threadId").asText());
        int firstText = types.indexOf("text-start");
        assertTrue(types.subList(2, firstText).stream().allMatch("source-url"::equals), types.toString());
        assertTrue(firstText > 2, "sources before the text");
        assertEquals(List.of("text-end", "finish-step", "finish"), types.subList(types.size() - 3, types.size()));
        JsonNode finish = events.get(events.size() - 1);
        assertEquals(r.header("X-Thread-Id"), finish.get("threadId").asText());
        assertEquals(r.header("X-Thread-Id"), finish.at("/messageMetadata/threadId").asText());
        assertFalse(finish.has("finishReason"));
        assertTrue(r.body().endsWith("data: [DONE]\n\n"));
        String text = events.stream().filter(e -> e.get("type").asText().equals("text-delta"))
                .map(e -> e.get("delta").asText()).collect(Collectors.joining());
        assertTrue(text.contains("/docs/2026-07-28/tools/inspector/cli"), text);
    }

    @Test
    void sourcesComeOnlyFromRetrieval() {
        Reply r = post("/v2/assistant/mcp/message", v2(QUESTION, null));
        Set<String> retrieved = TestApps.corpora().sites().get("mcp").orElseThrow().search()
                .search(SearchRequest.of(QUESTION, 5)).stream().map(SearchHit::path).collect(Collectors.toSet());
        List<String> sources = r.events().stream().filter(e -> e.get("type").asText().equals("source-url"))
                .map(e -> e.get("url").asText()).toList();
        assertFalse(sources.isEmpty());
        assertTrue(retrieved.containsAll(sources), sources + " not in " + retrieved);
    }

    @Test
    void anUnansweredQuestionHasNoSources() {
        Reply r = post("/v2/assistant/mcp/message", v2("How do I bake sourdough bread at home?", null));
        assertTrue(r.events().stream().noneMatch(e -> e.get("type").asText().equals("source-url")), r.body());
        assertTrue(r.body().contains("couldn't find"), r.body());
    }

    @Test
    void aQuestionAboutSomethingTheDocsNeverNameHasNoSources() {
        // Without the name the question is answered from the notification pages; the docs never mention Kafka.
        Reply covered = post("/v2/assistant/mcp/message", v2("How do I forward MCP server notifications?", null));
        assertEquals(200, covered.status(), covered.body());
        assertTrue(covered.events().stream().anyMatch(e -> e.get("type").asText().equals("source-url")), covered.body());
        Reply r = post("/v2/assistant/mcp/message", v2("How do I forward MCP server notifications onto a Kafka topic?", null));
        assertEquals(200, r.status(), r.body());
        assertTrue(r.events().stream().noneMatch(e -> e.get("type").asText().equals("source-url")), r.body());
        String text = r.events().stream().filter(e -> e.get("type").asText().equals("text-delta"))
                .map(e -> e.get("delta").asText()).collect(Collectors.joining());
        assertTrue(text.startsWith("I couldn't find this in the "), text);
    }

    @Test
    void aThreadContinuesOnlyOnItsDomain() {
        Reply first = post("/v2/assistant/mcp/message", v2(QUESTION, null));
        Reply second = post("/v2/assistant/mcp/message", v2("and when it cannot be reached?", first.header("X-Thread-Id")));
        assertEquals(200, second.status());
        assertEquals(first.header("X-Thread-Id"), second.header("X-Thread-Id"));
        assertEquals(null, second.header("X-Thread-Key"), "the key is only returned on creation");
        assertTrue(second.body().contains("inspector/cli"), "the follow-up is searched with the first question");
        assertEquals(404, post("/v2/assistant/mintlify/message", v2("hello there", first.header("X-Thread-Id"))).status());
        assertEquals(404, post("/v2/assistant/mcp/message", v2("hello there", "thr_doesnotexist")).status());
        String withWrongKey = v2("hello", first.header("X-Thread-Id")).replace("\"fp\"", "\"threadKey\":\"thk_wrong\",\"fp\"");
        assertEquals(404, post("/v2/assistant/mcp/message", withWrongKey).status());
    }

    @Test
    void v1StreamsTheDataStream() {
        Reply r = post("/v1/assistant/mcp/message", Json.write(Json.object("id", "c", "fp", "a", "data", Json.object(),
                "messages", List.of(Json.object("id", "1", "role", "user", "content", QUESTION, "createdAt", "2026-01-01T00:00:00Z")))));
        assertEquals(200, r.status());
        assertTrue(r.contentType().startsWith("text/plain"));
        List<String> prefixes = r.body().lines().map(l -> l.substring(0, l.indexOf(':'))).toList();
        assertEquals("f", prefixes.get(0));
        assertEquals(List.of("9", "a"), prefixes.subList(1, 3));
        assertTrue(prefixes.contains("h") && prefixes.contains("0"));
        assertEquals(List.of("2", "e", "d"), prefixes.subList(prefixes.size() - 3, prefixes.size()));
        assertTrue(r.body().contains("2:[{\"type\":\"finish\",\"threadId\":\"" + r.header("X-Thread-Id") + "\"}]"));
        assertTrue(prefixes.stream().allMatch(p -> Set.of("f", "9", "a", "h", "0", "2", "e", "d").contains(p)), prefixes.toString());
        // RFC 9745 / RFC 8594: the defaults, since the test configuration sets no docs-assistant.v1 dates.
        assertSunsetHeaders(200, r.headers());
        assertEquals("</openapi.yaml#/paths/~1v2~1assistant~1%7Bdomain%7D~1message>; rel=\"successor-version\"",
                r.headers().first(HeaderNames.create("Link")).orElseThrow());
        Reply v2 = post("/v2/assistant/mcp/message", v2(QUESTION, null));
        assertFalse(v2.headers().contains(HeaderNames.create("Deprecation")), "v2 is not deprecated");
    }

    /** The v1 deprecation headers, with the defaults (the test configuration sets no docs-assistant.v1 dates). */
    static void assertSunsetHeaders(int status, io.helidon.http.Headers headers) {
        assertEquals("@1795305600", headers.first(HeaderNames.create("Deprecation")).orElse(null), "Deprecation on " + status);
        assertEquals("Wed, 30 Jun 2027 23:59:59 GMT", headers.first(HeaderNames.create("Sunset")).orElse(null), "Sunset on " + status);
        assertTrue(headers.first(HeaderNames.create("Link")).orElse("").endsWith("; rel=\"successor-version\""), "Link on " + status);
    }

    @Test
    void everyV1ResponseCarriesTheSunsetHeadersErrorsIncluded() {
        String user = "{\"role\":\"user\",\"content\":\"hi\"}";
        String key = TestApps.authorization(TestApps.corpora(), "acme");
        List<ApiClient.Reply> replies = List.of(
                api.postJson("/v1/assistant/mcp/message", "{\"fp\":\"a\",\"messages\":[]}", "Authorization", key),
                api.postJson("/v1/assistant/mcp/message", "{\"fp\":\"a\",\"messages\":[" + user + "]}"),
                api.postJson("/v1/assistant/mintlify/message", "{\"fp\":\"a\",\"messages\":[" + user + "]}", "Authorization", key),
                api.postJson("/v1/assistant/mcp/message", "{\"fp\":\"a\",\"threadId\":\"thr_nope\",\"messages\":[" + user + "]}",
                        "Authorization", key),
                api.send(io.helidon.http.Method.GET, "/v1/assistant/mcp/message", null, "Authorization", key),
                api.postJson("/v1/assistant/mcp/message", "{\"fp\":\"a\",\"messages\":[{\"role\":\"user\",\"content\":\""
                        + "x".repeat(1_100_000) + "\"}]}", "Authorization", key),
                api.postJson("/v1/assistant/mcp/message", "{\"fp\":", "Authorization", key));
        assertEquals(List.of(400, 401, 403, 404, 405, 413, 400), replies.stream().map(ApiClient.Reply::status).toList());
        replies.forEach(r -> assertSunsetHeaders(r.status(), r.headers()));
        // v1's feedback route is not the deprecated one.
        ApiClient.Reply feedback = api.postJson("/v1/assistant/mcp/feedback", "{}", "Authorization", key);
        assertFalse(feedback.headers().contains(HeaderNames.create("Sunset")), feedback.toString());
    }

    @Test
    void badRequestsAre4xxNamingTheField() {
        String user = "{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":\"hi\"}]}";
        List<String[]> cases = List.of(
                new String[]{"{\"messages\":[" + user + "]}", "400", "fp is required"},
                new String[]{"{\"fp\":\"a\"}", "400", "messages is required"},
                new String[]{"{\"fp\":\"a\",\"messages\":{}}", "400", "messages must be an array"},
                new String[]{"{\"fp\":\"a\",\"messages\":[]}", "400", "messages must contain a user message with text"},
                new String[]{"{\"fp\":\"a\",\"messages\":[{\"role\":\"assistant\",\"content\":\"x\"}]}", "400", "messages must contain a user message with text"},
                new String[]{"{\"fp\":\"a\",\"messages\":[{\"role\":\"bot\",\"content\":\"x\"}]}", "400", "messages[0].role must be one of system, user, assistant"},
                new String[]{"{\"fp\":\"a\",\"messages\":[{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":5}]}]}", "400", "messages[0].parts[0].text must be a string"},
                new String[]{"{\"fp\":\"a\",\"messages\":[{\"id\":\"" + "m".repeat(201) + "\",\"role\":\"user\",\"content\":\"x\"}]}", "400", "messages[0].id must be at most 200 characters"},
                new String[]{"{\"fp\":\"a\",\"messages\":[{\"id\":7,\"role\":\"user\",\"content\":\"x\"}]}", "400", "messages[0].id must be a string"},
                new String[]{"{\"fp\":\"a\",\"messages\":[" + user + "],\"retrievalPageSize\":0}", "400", "retrievalPageSize must be an integer from 1 to 50"},
                new String[]{"{\"fp\":\"a\",\"messages\":[" + user + "],\"currentPath\":\"/" + "x".repeat(200) + "\"}", "400", "currentPath must be at most 200 characters"},
                new String[]{"{\"fp\":\"a\",\"messages\":[" + user + "],\"context\":[{\"type\":\"image\",\"value\":\"x\"}]}", "400", "context[0].type must be code or textSelection"},
                new String[]{"{\"fp\":\"a\",\"messages\":[" + user + "],\"filter\":{\"groups\":[1]}}", "400", "filter.groups[0] must be a string"},
                new String[]{"{\"fp\":\"a\",\"messages\":[" + user + "],\"threadId\":7}", "400", "threadId must be a string"},
                new String[]{"{\"fp\":\"a\",\"messages\":[" + user + "]}", "403", "this key is not valid for site 'nope'"});
        for (String[] c : cases) {
            String path = c[2].endsWith("'nope'") ? "/v2/assistant/nope/message" : "/v2/assistant/mcp/message";
            Reply r = post(path, c[0]);
            assertEquals(Integer.parseInt(c[1]), r.status(), c[0]);
            assertEquals(c[2], r.json().get("message").asText(), c[0]);
        }
        String many = "{\"fp\":\"a\",\"messages\":[" + (user + ",").repeat(100) + user + "]}";
        assertEquals(400, post("/v2/assistant/mcp/message", many).status());
        String huge = "{\"fp\":\"a\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat(1_100_000) + "\"}]}";
        assertEquals(413, post("/v1/assistant/mcp/message", huge).status());
    }
}
