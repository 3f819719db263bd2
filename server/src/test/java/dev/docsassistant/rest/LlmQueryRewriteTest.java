package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.FakeChatProvider;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.web.Json;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code llm.rewrite-query}: before the search, the model turns a follow-up into one standalone query
 * (one non-streaming completion), and that query is what is searched and reported (v1's search tool
 * call); off, or failing, or too slow, the search uses the question as it always did and the answer
 * comes as usual. The provider is a local OpenAI-style server.
 */
@ServerTest
class LlmQueryRewriteTest {
    private static final String FIRST = "How are failed deliveries retried?";
    private static final String FOLLOW_UP = "and how long does it wait?";
    private static final String REWRITTEN = "How long does Acme Relay wait for an endpoint to answer a delivery";
    /** What the search gets without a rewrite (RetrievalQuery: a short follow-up carries the question before it). */
    private static final String UNREWRITTEN = FOLLOW_UP + " " + FIRST;
    private static final FakeChatProvider PROVIDER = new FakeChatProvider();
    private static App app;
    private final WebClient client;

    LlmQueryRewriteTest(WebClient client) {
        this.client = client;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        app = TestApps.start(TestApps.writeExampleConfig("""
                generator: llm
                llm:
                  base-url: %s
                  model: test-model
                  temperature: 0.3
                  rewrite-query: true
                  timeouts: {first-token: 6s, total: 20s, rewrite: 1s}
                sites:
                  - domain: acme
                    organization: acme
                    path: site
                  - domain: acme-plain
                    organization: acme
                    path: site
                    llm: {rewrite-query: false}
                  - domain: acme-fallback
                    organization: acme
                    path: site
                    llm: {fallback: extractive}
                """.formatted(PROVIDER.baseUrl())));
        ServerSetup.configure(server, app);
    }

    @AfterAll
    static void stop() {
        PROVIDER.close();
        app.close();
    }

    /** Asks on v1 with the conversation so far; the answer's search query as its tool call reports it. */
    private Reply askFollowUp(String domain) {
        String body = Json.write(Json.object("fp", "anonymous", "messages", List.of(
                Json.object("role", "user", "content", FIRST),
                Json.object("role", "assistant", "content", "Failed deliveries are retried with exponential backoff."),
                Json.object("role", "user", "content", FOLLOW_UP))));
        Reply r = new ApiClient(client).postJson("/v1/assistant/" + domain + "/message", body,
                "Authorization", TestApps.authorization(app, "acme"));
        assertEquals(200, r.status(), r.body());
        return r;
    }

    private static String searchedQuery(Reply v1) {
        String call = v1.body().lines().filter(l -> l.startsWith("9:")).findFirst().orElseThrow(() -> new AssertionError(v1.body()));
        return json(call.substring(2)).at("/args/query").asText();
    }

    private static String answerText(Reply v1) {
        StringBuilder text = new StringBuilder();
        v1.body().lines().filter(l -> l.startsWith("0:")).forEach(l -> text.append(json(l.substring(2)).asText()));
        return text.toString();
    }

    private static JsonNode json(String s) {
        try {
            return Json.MAPPER.readTree(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<FakeChatProvider.Received> since(int before) {
        List<FakeChatProvider.Received> all = PROVIDER.received();
        return all.subList(before, all.size());
    }

    @Test
    void aFollowUpIsRewrittenAndTheRewriteIsWhatIsSearched() {
        int before = PROVIDER.received().size();
        PROVIDER.reply(FakeChatProvider.completion("\"" + REWRITTEN + "\"\n"));
        PROVIDER.answer("A delivery fails after ", "15 seconds without an answer.");
        Reply r = askFollowUp("acme");

        assertEquals(REWRITTEN, searchedQuery(r), "the rewritten query, unquoted, is what was searched");
        assertEquals("A delivery fails after 15 seconds without an answer.", answerText(r));
        List<FakeChatProvider.Received> calls = since(before);
        assertEquals(2, calls.size(), "one rewrite, then the answer");
        JsonNode rewrite = calls.get(0).body();
        assertFalse(rewrite.path("stream").asBoolean(true), "the rewrite is one non-streamed completion");
        assertEquals(0, rewrite.path("temperature").asDouble(-1), "temperature 0 where the configuration allows one");
        assertTrue(rewrite.path("max_tokens").asInt() <= 100, rewrite.toString());
        JsonNode messages = rewrite.get("messages");
        assertEquals("system", messages.get(0).get("role").asText());
        String system = messages.get(0).get("content").asText();
        assertTrue(system.contains("documentation of Acme Relay") && system.contains("ONE standalone search query")
                && system.contains("language of the last question"), system);
        String user = messages.get(1).get("content").asText();
        assertEquals("Earlier questions, oldest first:\n- " + FIRST + "\n\nLast question: " + FOLLOW_UP, user,
                "the reader's questions only, not the answers");
        // The answer is written from what the rewritten query found, and still for the question as asked.
        JsonNode answer = calls.get(1).body();
        assertTrue(answer.path("stream").asBoolean(), answer.toString());
        String prompt = answer.get("messages").get(answer.get("messages").size() - 1).get("content").asText();
        assertTrue(prompt.contains("path: /guides/retries"), prompt);
        assertTrue(prompt.endsWith("Question: " + FOLLOW_UP), prompt);
    }

    @Test
    void aSiteWithAnOfflineFallbackRewritesToo() {
        int before = PROVIDER.received().size();
        PROVIDER.reply(FakeChatProvider.completion(REWRITTEN));
        PROVIDER.answer("Up to 15 seconds.");
        Reply r = askFollowUp("acme-fallback");
        assertEquals(REWRITTEN, searchedQuery(r));
        assertEquals("Up to 15 seconds.", answerText(r));
        assertEquals(2, since(before).size());
    }

    @Test
    void switchedOffNoRewriteIsRequested() {
        int before = PROVIDER.received().size();
        PROVIDER.answer("Up to 15 seconds.");
        Reply r = askFollowUp("acme-plain");
        assertEquals(UNREWRITTEN, searchedQuery(r));
        List<FakeChatProvider.Received> calls = since(before);
        assertEquals(1, calls.size(), "only the answer");
        assertTrue(calls.get(0).body().path("stream").asBoolean());
    }

    @Test
    void aFirstQuestionWithNothingToResolveIsSearchedAsAsked() {
        int before = PROVIDER.received().size();
        PROVIDER.answer("With exponential backoff.");
        String body = Json.write(Json.object("fp", "anonymous", "messages", List.of(Json.object("role", "user", "content", FIRST))));
        Reply r = new ApiClient(client).postJson("/v1/assistant/acme/message", body, "Authorization", TestApps.authorization(app, "acme"));
        assertEquals(200, r.status(), r.body());
        assertEquals(FIRST, searchedQuery(r));
        assertEquals(1, since(before).size(), "no rewrite call for a first question without context");
    }

    @Test
    void aFirstQuestionAboutAttachedCodeIsRewrittenAndTheCodeStillSearched() {
        int before = PROVIDER.received().size();
        PROVIDER.reply(FakeChatProvider.completion("How does the Relay-Signature header check a delivery"));
        PROVIDER.answer("An HMAC of the body.");
        String body = Json.write(Json.object("fp", "anonymous",
                "context", List.of(Json.object("type", "code", "value", "verify(req.headers['relay-signature'])")),
                "messages", List.of(Json.object("role", "user", "content", "what does this check?"))));
        Reply r = new ApiClient(client).postJson("/v1/assistant/acme/message", body, "Authorization", TestApps.authorization(app, "acme"));
        assertEquals(200, r.status(), r.body());
        assertEquals("How does the Relay-Signature header check a delivery verify(req.headers['relay-signature'])", searchedQuery(r),
                "the reader's context is added to the rewritten query as to any other");
        List<FakeChatProvider.Received> calls = since(before);
        assertEquals(2, calls.size());
        assertEquals("Attached by the reader:\n- code: verify(req.headers['relay-signature'])\n\nLast question: what does this check?",
                calls.get(0).body().at("/messages/1/content").asText());
    }

    @Test
    void aThreadsStoredQuestionsReachTheRewrite() {
        int before = PROVIDER.received().size();
        PROVIDER.answer("With exponential backoff.");
        ApiClient api = new ApiClient(client);
        Reply first = api.postJson("/v2/assistant/acme/message", v2(FIRST, null), "Authorization", TestApps.authorization(app, "acme"));
        assertEquals(200, first.status(), first.body());
        PROVIDER.reply(FakeChatProvider.completion(REWRITTEN));
        PROVIDER.answer("15 seconds.");
        Reply second = api.postJson("/v2/assistant/acme/message", v2(FOLLOW_UP, first.header("X-Thread-Id")),
                "Authorization", TestApps.authorization(app, "acme"));
        assertEquals(200, second.status(), second.body());
        assertEquals("15 seconds.", second.text());
        List<FakeChatProvider.Received> calls = since(before);
        assertEquals(3, calls.size(), "answer, then rewrite and answer");
        assertEquals("Earlier questions, oldest first:\n- " + FIRST + "\n\nLast question: " + FOLLOW_UP,
                calls.get(1).body().at("/messages/1/content").asText());
    }

    @Test
    void aFailingRewriteLeavesTheUsualSearchAndANormalAnswer() {
        int before = PROVIDER.received().size();
        PROVIDER.reply(new FakeChatProvider.Status(500, "{\"error\":{\"message\":\"model overloaded\"}}"));
        PROVIDER.answer("Up to 15 seconds.");
        Reply r = askFollowUp("acme");
        assertEquals(UNREWRITTEN, searchedQuery(r));
        assertEquals("Up to 15 seconds.", answerText(r));
        assertEquals(2, since(before).size());
    }

    @Test
    void aSlowRewriteIsGivenUpAtItsTimeout() {
        int before = PROVIDER.received().size();
        PROVIDER.reply(new FakeChatProvider.Completion(REWRITTEN, "stop", Duration.ofSeconds(4)));
        PROVIDER.answer("Up to 15 seconds.");
        long started = System.nanoTime();
        Reply r = askFollowUp("acme");
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertEquals(UNREWRITTEN, searchedQuery(r));
        assertEquals("Up to 15 seconds.", answerText(r));
        assertTrue(millis < 3500, "the answer waited " + millis + " ms: longer than the 1 s rewrite timeout allows");
        assertEquals(2, since(before).size());
    }

    @Test
    void anAnswerInsteadOfAQueryIsNotSearched() {
        PROVIDER.reply(FakeChatProvider.completion("Sure! " + "A delivery is retried seven times. ".repeat(20)));
        PROVIDER.answer("Up to 15 seconds.");
        assertEquals(UNREWRITTEN, searchedQuery(askFollowUp("acme")));
        PROVIDER.reply(new FakeChatProvider.Completion("How long does Acme Relay", "length", Duration.ZERO));
        PROVIDER.answer("Up to 15 seconds.");
        assertEquals(UNREWRITTEN, searchedQuery(askFollowUp("acme")), "a query cut at max tokens is not used");
        PROVIDER.reply(FakeChatProvider.completion("  \n "));
        PROVIDER.answer("Up to 15 seconds.");
        assertEquals(UNREWRITTEN, searchedQuery(askFollowUp("acme")));
    }

    private static String v2(String question, String threadId) {
        var body = Json.object("fp", "anonymous", "messages", List.of(Json.object("id", "m-" + question.length(), "role", "user",
                "parts", List.of(Json.object("type", "text", "text", question)))));
        if (threadId != null) {
            body.put("threadId", threadId);
        }
        return Json.write(body);
    }
}
