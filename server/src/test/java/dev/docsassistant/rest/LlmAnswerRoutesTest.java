package dev.docsassistant.rest;

import dev.docsassistant.web.Json;

import dev.docsassistant.server.ServerSetup;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.testing.FakeChatProvider;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.TestApps;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static dev.docsassistant.testing.FakeChatProvider.chunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The assistant API answering with the language-model generator, its provider a local OpenAI-style server. */
@ServerTest
class LlmAnswerRoutesTest {
    private static final String QUESTION = "How are failed deliveries retried?";
    private static final String INSTRUCTIONS = "Mention the status page https://status.acme.dev when outages come up.";
    private static final FakeChatProvider PROVIDER = new FakeChatProvider();
    private static App app;
    private final WebClient client;
    private final WebServer server;

    LlmAnswerRoutesTest(WebClient client, WebServer server) {
        this.client = client;
        this.server = server;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        Path config = TestApps.writeExampleConfig("""
                generator: llm
                stream: {keep-alive: PT0.2S, resume: {outlive-reader: 1s}}
                llm:
                  base-url: %s
                  model: test-model
                  timeouts: {first-token: 6s, total: 20s}
                sites:
                  - domain: acme
                    organization: acme
                    path: site
                    url: https://docs.acme.dev
                  - domain: acme-fallback
                    organization: acme
                    path: site
                    llm: {fallback: extractive}
                  - domain: acme-slow
                    organization: acme
                    path: site
                    llm: {timeouts: {first-token: 2s}}
                  - domain: acme-patient
                    organization: acme
                    path: site
                    llm: {timeouts: {first-token: 5m, total: 10m}}
                  - domain: acme-offline
                    organization: acme
                    path: site
                    generator: extractive
                """.formatted(PROVIDER.baseUrl()));
        Files.writeString(config.resolveSibling("site").resolve("assistant-instructions.md"), INSTRUCTIONS);
        app = TestApps.start(config);
        ServerSetup.configure(server, app);
    }

    @AfterAll
    static void stop() {
        PROVIDER.close();
        app.close();
    }

    private static JsonNode json(String s) {
        try {
            return Json.MAPPER.readTree(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String v2Body(String question) {
        return Json.write(Json.object("fp", "anonymous", "currentPath", "/quickstart", "messages", List.of(
                Json.object("id", "m1", "role", "user", "parts", List.of(Json.object("type", "text", "text", question))))));
    }

    private Reply post(String path, String body) {
        return new ApiClient(client).postJson(path, body, "Authorization", TestApps.authorization(app, "acme"));
    }

    @Test
    void v2RelaysTheModelsTextAndNamesTheRetrievedPagesItLinks() {
        PROVIDER.reply(FakeChatProvider.tokens(Duration.ofMillis(20), "Failed deliveries are retried with exponential backoff ",
                "([Retries](/guides/retries#retry-schedule)). ", "Ask [support](/guides/not-a-page) ", "or see [Replay](/guides/replay)."));
        Reply r = post("/v2/assistant/acme/message", v2Body(QUESTION));
        assertEquals(200, r.status(), r.body());
        List<String> types = r.types();
        assertEquals(List.of("start", "start-step", "text-start", "text-delta"), types.subList(0, 4), r.body());
        // The first source follows the delta that links it (deltas may arrive merged when tokens come close together).
        int firstSource = types.indexOf("source-url");
        assertTrue(firstSource > 3 && types.subList(3, firstSource).stream().allMatch("text-delta"::equals), r.body());
        String linked = r.events().subList(3, firstSource).stream().map(e -> e.get("delta").asText()).reduce("", String::concat);
        assertTrue(linked.contains("[Retries](/guides/retries#retry-schedule)"), r.body());
        assertEquals(List.of("text-end", "finish-step", "finish"), types.subList(types.size() - 3, types.size()));
        assertTrue(r.body().endsWith("data: [DONE]\n\n"));
        assertTrue(r.text().startsWith("Failed deliveries are retried with exponential backoff ([Retries]"), r.text());
        List<String> sources = r.events().stream().filter(e -> e.get("type").asText().equals("source-url"))
                .map(e -> e.get("url").asText()).toList();
        assertTrue(sources.get(0).startsWith("https://docs.acme.dev/guides/retries"), sources.toString());
        assertTrue(sources.stream().noneMatch(s -> s.contains("not-a-page")), sources.toString());
        String prompt = PROVIDER.last().body().toString();
        assertTrue(prompt.contains("path: /guides/retries"), "the retrieved sections are in the prompt: " + prompt);
        assertTrue(PROVIDER.last().body().at("/messages/0/content").asText().endsWith(INSTRUCTIONS + "\n"), "site instructions appended");
        assertTrue(prompt.contains(">/quickstart</page-"), "currentPath as labelled context");
        // Every source is a page the search returned: /guides/replay only if it was retrieved.
        JsonNode replayed = PROVIDER.last().body();
        boolean replayRetrieved = replayed.toString().contains("path: /guides/replay");
        assertEquals(replayRetrieved, sources.stream().anyMatch(s -> s.contains("/guides/replay")), sources.toString());
    }

    @Test
    void aModelsReasoningIsNotRelayedUnlessAsked() {
        PROVIDER.reply(new FakeChatProvider.Raw(List.of(FakeChatProvider.reasoningChunk("Thinking. "),
                chunk("Deliveries are retried."), FakeChatProvider.finishChunk("stop"), "[DONE]")));
        Reply r = post("/v2/assistant/acme/message", v2Body(QUESTION));
        assertEquals(200, r.status(), r.body());
        assertTrue(r.types().stream().noneMatch(t -> t.startsWith("reasoning")), r.body());
        assertEquals("Deliveries are retried.", r.text());
    }

    @Test
    void v1CarriesTheSameAnswerWithSourcesAfterTheirText() {
        PROVIDER.answer("Deliveries are retried ", "([Retries](/guides/retries)).");
        Reply r = post("/v1/assistant/acme/message", Json.write(Json.object("fp", "a", "messages",
                List.of(Json.object("id", "1", "role", "user", "content", QUESTION)))));
        assertEquals(200, r.status());
        // Chunks that reach the server together are one text part: count a run of text parts once.
        String prefixes = r.body().lines().map(l -> l.substring(0, l.indexOf(':'))).collect(Collectors.joining())
                .replaceAll("0+", "0");
        assertEquals("f9a0h2ed", prefixes, r.body());
    }

    @Test
    void aProviderFailingBeforeTheFirstTokenIsA502Or503() {
        PROVIDER.reply(new FakeChatProvider.Status(500, "{\"error\":{\"message\":\"internal\"}}"));
        Reply r = post("/v2/assistant/acme/message", v2Body(QUESTION));
        assertEquals(502, r.status());
        assertEquals("the language model provider failed (HTTP 500)", json(r.body()).get("message").asText());

        PROVIDER.reply(new FakeChatProvider.Status(503, "{\"error\":{\"message\":\"overloaded\"}}"));
        r = post("/v1/assistant/acme/message", Json.write(Json.object("fp", "a", "messages",
                List.of(Json.object("id", "1", "role", "user", "content", QUESTION)))));
        assertEquals(503, r.status());
        assertEquals("the language model provider is busy or unavailable (HTTP 503)", json(r.body()).get("message").asText());
    }

    @Test
    void aProviderFailingMidStreamEndsTheStreamWithAnErrorEvent() {
        PROVIDER.reply(new FakeChatProvider.Raw(List.of(chunk("Failed deliveries "), "{\"error\":{\"message\":\"server_error\"}}")));
        Reply r = post("/v2/assistant/acme/message", v2Body(QUESTION));
        assertEquals(200, r.status());
        List<JsonNode> events = r.events();
        assertEquals("Failed deliveries ", r.text());
        JsonNode last = events.get(events.size() - 1);
        assertEquals("error", last.get("type").asText());
        assertEquals("the language model provider failed while answering", last.get("errorText").asText());
        assertFalse(r.types().contains("finish"));
        assertTrue(r.body().endsWith("data: [DONE]\n\n"));
    }

    @Test
    void aModelSlowToStartGetsKeepAlivesAndThenTheTimeoutAsAnErrorEvent() {
        PROVIDER.reply(new FakeChatProvider.Silent(Duration.ofSeconds(5)));
        Reply r = post("/v2/assistant/acme-slow/message", v2Body(QUESTION));
        assertEquals(200, r.status(), "a keep-alive committed the response before the timeout");
        assertTrue(r.body().startsWith(": keep-alive\n\n"), r.body());
        assertEquals(List.of("start", "start-step", "error"), r.types());
        assertEquals("the language model provider did not answer in time", r.events().get(2).get("errorText").asText());
    }

    @Test
    void aSiteWithFallbackAnswersOfflineWhenTheProviderIsDown() {
        PROVIDER.reply(new FakeChatProvider.Status(503, "{}"));
        Reply r = post("/v2/assistant/acme-fallback/message", v2Body(QUESTION));
        assertEquals(200, r.status());
        assertTrue(r.text().startsWith("From [Retries"), r.text());
        assertTrue(r.types().indexOf("source-url") < r.types().indexOf("text-start"), "extractive order unchanged");
    }

    @Test
    void anExtractiveSiteNeverCallsTheProvider() {
        int before = PROVIDER.received().size();
        Reply r = post("/v2/assistant/acme-offline/message", v2Body(QUESTION));
        assertEquals(200, r.status());
        assertTrue(r.text().startsWith("From [Retries"), r.text());
        assertEquals(before, PROVIDER.received().size());
    }

    // The two tests below answer on a site whose timeouts are minutes away: a cut seen at all is the reader's leaving
    // (once the answer has outlived its reader by stream.resume.outlive-reader, 1 s here, waiting to be resumed).
    @Test
    void aClientDisconnectCancelsTheProviderCall() throws Exception {
        String[] many = new String[3000];
        Arrays.fill(many, "retry ");
        FakeChatProvider.Played reply = PROVIDER.play(FakeChatProvider.tokens(Duration.ofMillis(20), many));
        try (Socket socket = open("acme-patient", v2Body(QUESTION))) {
            RawHttp.readUntil(socket, "text-delta");
        }
        int sent = reply.awaitCut(Duration.ofSeconds(30));
        assertTrue(sent < many.length, "the provider was cut off after " + sent + " of " + many.length + " tokens");
    }

    @Test
    void aClientLeavingWhileTheModelThinksCancelsTheProviderCallBeforeAnyToken() throws Exception {
        FakeChatProvider.Played reply = PROVIDER.play(new FakeChatProvider.Silent(Duration.ofMinutes(2)));
        try (Socket socket = open("acme-patient", v2Body(QUESTION))) {
            RawHttp.readUntil(socket, ": keep-alive");
        }
        // Found by the next keep-alive (every 200 ms), not by the 5-minute first-token timeout.
        assertEquals(0, reply.awaitCut(Duration.ofSeconds(30)));
    }

    private Socket open(String domain, String json) throws IOException {
        return RawHttp.post(server.port(), "/v2/assistant/" + domain + "/message", TestApps.authorization(app, "acme"), json);
    }

    @Test
    void followUpsSendTheConversationSoFar() {
        PROVIDER.answer("Eight times.");
        List<Object> messages = new ArrayList<>(List.of(
                Json.object("id", "m1", "role", "user", "parts", List.of(Json.object("type", "text", "text", QUESTION))),
                Json.object("id", "m2", "role", "assistant", "parts", List.of(Json.object("type", "text", "text", "With backoff."))),
                Json.object("id", "m3", "role", "user", "parts", List.of(Json.object("type", "text", "text", "how many times?")))));
        Reply r = post("/v2/assistant/acme/message", Json.write(Json.object("fp", "a", "messages", messages)));
        assertEquals(200, r.status());
        JsonNode sent = PROVIDER.last().body().get("messages");
        assertEquals(4, sent.size());
        assertEquals(QUESTION, sent.get(1).get("content").asText());
        assertEquals("With backoff.", sent.get(2).get("content").asText());
        assertTrue(sent.get(3).get("content").asText().endsWith("Question: how many times?"));
    }

    @Test
    void aFollowUpWithTheThreadIdAloneSendsTheStoredTurns() {
        PROVIDER.answer("With exponential backoff.");
        Reply first = post("/v2/assistant/acme/message", v2Body(QUESTION));
        assertEquals(200, first.status());
        String threadId = first.events().getLast().get("messageMetadata").get("threadId").asText();
        PROVIDER.answer("Eight times.");
        Reply followUp = post("/v2/assistant/acme/message", Json.write(Json.object("fp", "a", "threadId", threadId,
                "messages", List.of(Json.object("id", "m3", "role", "user", "parts",
                        List.of(Json.object("type", "text", "text", "how many times?")))))));
        assertEquals(200, followUp.status(), followUp.body());
        JsonNode sent = PROVIDER.last().body().get("messages");
        assertEquals(List.of("system", "user", "assistant", "user"),
                StreamSupport.stream(sent.spliterator(), false).map(m -> m.get("role").asText()).toList());
        assertEquals(QUESTION, sent.get(1).get("content").asText());
        assertEquals("With exponential backoff.", sent.get(2).get("content").asText());
        assertTrue(sent.get(3).get("content").asText().endsWith("Question: how many times?"));
    }
}
