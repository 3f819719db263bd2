package dev.docsassistant.assistant.llm;

import dev.docsassistant.assistant.AnswerAbandoned;
import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.ChatMessage;
import dev.docsassistant.assistant.ContextItem;
import dev.docsassistant.assistant.ExtractiveGenerator;
import dev.docsassistant.assistant.FallbackGenerator;
import dev.docsassistant.assistant.GeneratorException;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.FakeChatProvider;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.docsassistant.testing.FakeChatProvider.chunk;
import static dev.docsassistant.testing.FakeChatProvider.finishChunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LlmGeneratorTest {
    private static final String KEY = "sk-test-0123456789secret";
    private static final SearchHit RETRIES = new SearchHit("/guides/retries#retry-schedule", "Retries", "Retry schedule",
            "Failed deliveries are retried 8 times with exponential backoff.", null, null, 0.6);
    private static final SearchHit SIGNATURES = new SearchHit("/guides/signatures", "Signatures", null,
            "Every delivery carries an X-Acme-Signature header.", null, null, 0.4);
    private static final SearchHit REPLAY = new SearchHit("/guides/replay#replaying", "Replay", "Replaying",
            "Replay a delivery from the dashboard.", null, null, 0.3);
    private static final AnswerGenerator.Input INPUT = new AnswerGenerator.Input("How are failed deliveries retried?",
            List.of(new ChatMessage("user", "hi"), new ChatMessage("assistant", "Hello!")),
            List.of(new ContextItem("code", "client.send(event)", null, null)),
            List.of(RETRIES, SIGNATURES, REPLAY), "Acme Relay", "/quickstart");

    private static FakeChatProvider provider;

    @BeforeAll
    static void start() {
        provider = new FakeChatProvider();
    }

    @AfterAll
    static void stop() {
        provider.close();
    }

    private static LlmGenerator generator(String extraYaml) {
        return new LlmGenerator(settings(provider.baseUrl(), extraYaml), null, Optional.of("https://docs.acme.dev"));
    }

    static LlmSettings settings(String baseUrl, String extraYaml) {
        String yaml = """
                llm:
                  base-url: %s
                  model: test-model
                  api-key-env: TEST_LLM_KEY
                  temperature: 0.2
                  max-tokens: 300
                """.formatted(baseUrl) + extraYaml.indent(2);
        Config config = Config.just(ConfigSources.create(yaml, io.helidon.common.media.type.MediaTypes.APPLICATION_X_YAML));
        return LlmSettings.from(config.get("site-has-none"), config.get("llm"), Map.of("TEST_LLM_KEY", KEY)::get);
    }

    /** Everything the generator wrote, with the time each text delta arrived. */
    static final class Recorded implements AnswerGenerator.Output {
        final List<String> events = new ArrayList<>();
        final List<Long> textTimes = new ArrayList<>();
        final StringBuilder text = new StringBuilder();
        final StringBuilder reasoning = new StringBuilder();
        final List<SearchHit> sources = new ArrayList<>();
        int abandonAfter = Integer.MAX_VALUE;

        @Override
        public void reasoning(String delta) {
            reasoning.append(delta);
            events.add("reasoning " + delta);
        }

        @Override
        public void source(SearchHit hit) {
            sources.add(hit);
            events.add("source " + hit.path());
        }

        @Override
        public void text(String delta) {
            if (textTimes.size() >= abandonAfter) {
                throw new AnswerAbandoned("the client disconnected");
            }
            textTimes.add(System.nanoTime());
            text.append(delta);
            events.add("text " + delta);
        }
    }

    @Test
    void relaysDeltasAsTheyArriveAndNamesOnlyCitedRetrievedPages() {
        provider.reply(FakeChatProvider.tokens(Duration.ofMillis(120), "Failed deliveries are retried 8 times ",
                "([Retries](/guides/re", "tries#retry-schedule)). ", "Each carries a signature [2]. ",
                "See also [the admin page](/admin/secrets) and [Acme](https://example.com/x) and ",
                "[Replay](https://docs.acme.dev/guides/replay).", " Again [Retries](/guides/retries)."));
        Recorded out = new Recorded();
        generator("").generate(INPUT, out);

        assertTrue(out.text.toString().startsWith("Failed deliveries are retried 8 times ([Retries]"), out.text.toString());
        assertEquals(7, out.textTimes.size(), "one text delta per provider delta");
        long spreadMs = (out.textTimes.get(6) - out.textTimes.get(0)) / 1_000_000;
        assertTrue(spreadMs >= 500, "deltas are relayed as they arrive, not buffered: " + spreadMs + " ms");
        assertEquals(List.of(RETRIES, SIGNATURES, REPLAY, RETRIES), out.sources,
                "links to retrieved pages (by path or site URL) and [n] citations; never /admin/secrets");
        int link = out.events.indexOf("text tries#retry-schedule)). ");
        assertEquals("source /guides/retries#retry-schedule", out.events.get(link + 1), "a source follows the text completing its link");
    }

    /** A generator configured by exactly these settings (besides the provider's address and the model). */
    private static LlmGenerator configured(String yaml) {
        Config config = Config.just(ConfigSources.create("llm:\n  base-url: " + provider.baseUrl() + "\n  model: test-model\n"
                + yaml.indent(2), io.helidon.common.media.type.MediaTypes.APPLICATION_X_YAML));
        LlmSettings settings = LlmSettings.from(config.get("site-has-none"), config.get("llm"), Map.of("TEST_LLM_KEY", KEY)::get);
        return new LlmGenerator(settings, null, Optional.empty());
    }

    @Test
    void theSettingsReachTheWire() {
        provider.answer("Fine.");
        configured("api-key-env: TEST_LLM_KEY\napi-key-header: api-key\nmax-tokens: 123\nmax-tokens-param: max_completion_tokens\n")
                .generate(INPUT, new Recorded());
        FakeChatProvider.Received azure = provider.last();
        assertEquals(KEY, azure.header("api-key"), "the bare key in the configured header");
        assertEquals(null, azure.header("Authorization"));
        assertEquals(123, azure.body().get("max_completion_tokens").asInt());
        assertFalse(azure.body().has("max_tokens"));
        assertFalse(azure.body().has("temperature"), "temperature is not sent unless set");

        // The earlier conversation is cut to the newest messages that fit history-tokens (about 4 characters a token).
        String longer = "x".repeat(200);
        AnswerGenerator.Input talkative = new AnswerGenerator.Input(INPUT.question(), List.of(new ChatMessage("user", "first " + longer),
                new ChatMessage("assistant", "second " + longer), new ChatMessage("user", "third " + longer)),
                INPUT.context(), INPUT.retrieved(), INPUT.siteName(), INPUT.currentPath());
        provider.answer("Fine.");
        configured("history-tokens: 60\n").generate(talkative, new Recorded());
        List<String> sent = new ArrayList<>();
        provider.last().body().get("messages").forEach(m -> sent.add(m.get("content").asText()));
        assertEquals(3, sent.size(), "system, the newest earlier message, the question: " + sent);
        assertTrue(sent.get(1).startsWith("third "), sent.get(1));
        provider.answer("Fine.");
        configured("").generate(talkative, new Recorded());
        assertEquals(5, provider.last().body().get("messages").size(), "the default budget keeps all three");
    }

    @Test
    void sendsAnOpenAiStreamingRequestWithTheKeyFromTheEnvironment() {
        provider.answer("The docs do not cover this.");
        generator("").generate(INPUT, new Recorded());
        FakeChatProvider.Received r = provider.last();
        assertEquals("/v1/chat/completions", r.path());
        assertEquals("Bearer " + KEY, r.header("Authorization"));
        assertEquals("test-model", r.body().get("model").asText());
        assertTrue(r.body().get("stream").asBoolean());
        assertEquals(300, r.body().get("max_tokens").asInt());
        assertEquals(0.2, r.body().get("temperature").asDouble(), 1e-9);
        List<String> roles = new ArrayList<>();
        r.body().get("messages").forEach(m -> roles.add(m.get("role").asText()));
        assertEquals(List.of("system", "user", "assistant", "user"), roles);
        String last = r.body().get("messages").get(3).get("content").asText();
        assertTrue(last.contains("[1] Retries › Retry schedule\npath: /guides/retries#retry-schedule"), last);
        assertTrue(last.endsWith("Question: How are failed deliveries retried?"), last);
    }

    @Test
    void withNothingRetrievedTheModelIsNotAskedAndNoSourceIsNamed() {
        int before = provider.received().size();
        Recorded out = new Recorded();
        generator("").generate(new AnswerGenerator.Input("How do I bake bread?", List.of(), List.of(), List.of(),
                "Acme Relay", null), out);
        assertEquals(ExtractiveGenerator.notFound("Acme Relay"), out.text.toString());
        assertTrue(out.sources.isEmpty());
        assertEquals(before, provider.received().size());
    }

    @Test
    void providerErrorsBeforeStreamingFailWithTheStatusAndWriteNothing() {
        provider.reply(new FakeChatProvider.Status(500, "{\"error\":{\"message\":\"model overloaded internally\"}}"));
        Recorded out = new Recorded();
        GeneratorException e = assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, out));
        assertEquals(GeneratorException.Kind.FAILED, e.kind());
        assertEquals("the language model provider failed (HTTP 500)", e.getMessage());
        assertTrue(out.events.isEmpty());

        provider.reply(new FakeChatProvider.Status(401, "{\"error\":{\"message\":\"Incorrect API key\"}}"));
        e = assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, new Recorded()));
        assertEquals("the language model provider refused the server's credentials (HTTP 401)", e.getMessage());

        provider.reply(new FakeChatProvider.Status(429, "{\"error\":{\"message\":\"Rate limit reached\"}}"));
        e = assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, new Recorded()));
        assertEquals(GeneratorException.Kind.UNAVAILABLE, e.kind());
    }

    @Test
    void anUnreachableProviderIsUnavailable() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        LlmGenerator dead = new LlmGenerator(settings("http://127.0.0.1:" + port + "/v1", ""), null, Optional.empty());
        GeneratorException e = assertThrows(GeneratorException.class, () -> dead.generate(INPUT, new Recorded()));
        assertEquals(GeneratorException.Kind.UNAVAILABLE, e.kind());
        assertEquals("the language model provider is unreachable", e.getMessage());
    }

    @Test
    void aConnectionDroppedBeforeAnyResponseIsTriedOnceMore() {
        int before = provider.received().size();
        provider.reply(new FakeChatProvider.Drop()).answer("Retried ", "fine.");
        Recorded out = new Recorded();
        generator("").generate(INPUT, out);
        assertEquals("Retried fine.", out.text.toString());
        assertEquals(before + 2, provider.received().size());

        provider.reply(new FakeChatProvider.Drop()).reply(new FakeChatProvider.Drop());
        GeneratorException e = assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, new Recorded()));
        assertEquals(GeneratorException.Kind.UNAVAILABLE, e.kind());
    }

    @Test
    void aMidStreamProviderErrorFailsAfterTheTextSoFar() {
        provider.reply(new FakeChatProvider.Raw(List.of(chunk("Failed deliveries are "), chunk("retried "),
                "{\"error\":{\"message\":\"The server had an error while processing your request.\",\"type\":\"server_error\"}}")));
        Recorded out = new Recorded();
        GeneratorException e = assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, out));
        assertEquals("the language model provider failed while answering", e.getMessage());
        assertEquals("Failed deliveries are retried ", out.text.toString());
    }

    @Test
    void malformedStreamsFail() {
        provider.reply(new FakeChatProvider.Raw(List.of(chunk("Hello "), "{not json")));
        GeneratorException e = assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, new Recorded()));
        assertEquals("the language model provider sent a malformed stream", e.getMessage());

        provider.reply(new FakeChatProvider.Raw(List.of(chunk("Cut off "), chunk("in the middle"))));
        Recorded out = new Recorded();
        e = assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, out));
        assertEquals("the language model provider sent a malformed stream", e.getMessage(), "no finish_reason, no [DONE]");
        assertEquals("Cut off in the middle", out.text.toString());

        provider.reply(new FakeChatProvider.Raw(List.of(finishChunk("stop"), "[DONE]")));
        e = assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, new Recorded()));
        assertEquals("the language model returned no answer", e.getMessage());
    }

    @Test
    void aSilentProviderTimesOutAtTheFirstTokenTimeout() {
        provider.reply(new FakeChatProvider.Silent(Duration.ofSeconds(10)));
        long t0 = System.nanoTime();
        GeneratorException e = assertThrows(GeneratorException.class,
                () -> generator("timeouts: {first-token: 400ms}").generate(INPUT, new Recorded()));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(GeneratorException.Kind.UNAVAILABLE, e.kind());
        assertEquals("the language model provider did not answer in time", e.getMessage());
        assertTrue(ms >= 380 && ms < 5000, ms + " ms");
    }

    @Test
    void aSlowAnswerStopsAtTheTotalTimeout() {
        String[] many = new String[40];
        java.util.Arrays.fill(many, "word ");
        provider.reply(FakeChatProvider.tokens(Duration.ofMillis(100), many));
        Recorded out = new Recorded();
        GeneratorException e = assertThrows(GeneratorException.class,
                () -> generator("timeouts: {total: 700ms}").generate(INPUT, out));
        assertEquals("the language model took too long to answer", e.getMessage());
        assertTrue(out.textTimes.size() >= 2 && out.textTimes.size() < 40, out.textTimes.size() + " deltas");
    }

    @Test
    void aDisconnectedReaderCancelsTheProviderCall() throws Exception {
        // A minute of tokens: a cut seen at all is the reader's leaving, not the end of the reply.
        String[] many = new String[3000];
        java.util.Arrays.fill(many, "token ");
        FakeChatProvider.Played reply = provider.play(FakeChatProvider.tokens(Duration.ofMillis(20), many));
        Recorded out = new Recorded();
        out.abandonAfter = 3;
        assertThrows(AnswerAbandoned.class, () -> generator("").generate(INPUT, out));
        int sent = reply.awaitCut(Duration.ofSeconds(30));
        assertTrue(sent >= 3 && sent < many.length, "the provider stopped streaming after the reader left: " + sent + " of " + many.length + " sent");
    }

    @Test
    void fallsBackToExtractiveOnlyBeforeAnythingWasStreamed() {
        AnswerGenerator withFallback = new FallbackGenerator(generator(""), new ExtractiveGenerator());
        provider.reply(new FakeChatProvider.Status(503, "{\"error\":{\"message\":\"down\"}}"));
        Recorded out = new Recorded();
        withFallback.generate(INPUT, out);
        assertTrue(out.text.toString().contains("retried 8 times"), out.text.toString());
        assertEquals(RETRIES, out.sources.get(0));

        provider.reply(new FakeChatProvider.Raw(List.of(chunk("Partly "), "{\"error\":{\"message\":\"boom\"}}")));
        assertThrows(GeneratorException.class, () -> withFallback.generate(INPUT, new Recorded()));
    }

    @Test
    void theKeyIsNeverLogged() {
        List<String> logged;
        try (CapturedLogs logs = CapturedLogs.of(LlmGenerator.class)) {
            provider.reply(new FakeChatProvider.Status(401, "{\"error\":{\"message\":\"Incorrect API key provided\"}}"));
            assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, new Recorded()));
            logged = logs.messages();
        }
        assertEquals(1, logged.size());
        assertTrue(logged.get(0).contains("status 401") && logged.get(0).contains("Incorrect API key provided"), logged.get(0));
        assertFalse(logged.get(0).contains(KEY));
        assertFalse(settings(provider.baseUrl(), "").toString().contains(KEY));
    }

    @Test
    void reasoningCountsAsProgressForTheFirstTokenTimeout() {
        List<String> data = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            data.add(FakeChatProvider.reasoningChunk("thinking " + i + ". "));
        }
        data.add(chunk("Retried 8 times."));
        data.add(FakeChatProvider.finishChunk("stop"));
        data.add("[DONE]");
        // 8 × 100 ms of reasoning before the first word: twice the first-token timeout.
        provider.reply(new FakeChatProvider.Paced(data, Duration.ofMillis(100)));
        Recorded out = new Recorded();
        generator("timeouts: {first-token: 400ms}").generate(INPUT, out);
        assertEquals("Retried 8 times.", out.text.toString());
        assertEquals("thinking 0. thinking 1. thinking 2. thinking 3. thinking 4. thinking 5. thinking 6. thinking 7. ",
                out.reasoning.toString(), "the reasoning is handed on, apart from the answer");
        assertTrue(out.events.indexOf("reasoning thinking 7. ") < out.events.indexOf("text Retried 8 times."));
    }

    @Test
    void aKeyQuotedByTheProviderIsRedactedFromTheLog() {
        List<String> logged;
        try (CapturedLogs logs = CapturedLogs.of(LlmGenerator.class)) {
            provider.reply(new FakeChatProvider.Status(401, "{\"error\":{\"message\":\"Incorrect API key provided: "
                    + KEY + ". Find your key at the dashboard.\"}}"));
            assertThrows(GeneratorException.class, () -> generator("").generate(INPUT, new Recorded()));
            logged = logs.messages();
        }
        assertEquals(1, logged.size());
        assertFalse(logged.get(0).contains(KEY), logged.get(0));
        assertTrue(logged.get(0).contains("Incorrect API key provided: [redacted]"), logged.get(0));
    }
}
