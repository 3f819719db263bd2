package dev.docsassistant.rest;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.StreamResponse;
import com.openai.errors.InternalServerException;
import com.openai.errors.OpenAIServiceException;
import com.openai.errors.SseException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.docsassistant.testing.AgentDocsServer;
import dev.docsassistant.testing.FakeChatProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OpenAI-compatible endpoint with answers written by a language model (its provider a local
 * OpenAI-style server, the one true external boundary), driven by the official OpenAI Java SDK: a
 * citation streamed after the text that makes it, a provider down before the first word (a status),
 * and an answer that breaks off (502 whole, the stream's error event streamed).
 */
class OpenAiLlmAnswersTest {
    private static final FakeChatProvider PROVIDER = new FakeChatProvider();
    private static AgentDocsServer server;
    private static OpenAIClient client;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("""
                generator: llm
                llm: {base-url: '%s', model: test-model, timeouts: {first-token: 6s, total: 20s}}
                """.formatted(PROVIDER.baseUrl()), "");
        client = OpenAIOkHttpClient.builder().baseUrl(server.uri("/v1").toString())
                .apiKey(server.authorization().substring("Bearer ".length())).maxRetries(0).build();
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
        PROVIDER.close();
    }

    private static ChatCompletionCreateParams question() {
        return ChatCompletionCreateParams.builder().model("docs").addUserMessage("How are failed deliveries retried?").build();
    }

    @Test
    void aCitationStreamsAfterTheTextThatMakesIt() {
        PROVIDER.answer("Failed deliveries are retried ", "five times [1].");
        List<String> order = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(question())) {
            stream.stream().forEach(chunk -> {
                chunk.choices().getFirst().delta().content().filter(c -> !c.isEmpty()).ifPresent(c -> {
                    text.append(c);
                    order.add("text");
                });
                if (chunk._additionalProperties().get("citations") != null) {
                    order.add("citation");
                }
            });
        }
        assertEquals("Failed deliveries are retried five times [1].", text.toString());
        assertTrue(order.indexOf("citation") > order.indexOf("text"), order.toString());
        assertEquals(1, order.stream().filter("citation"::equals).count(), order.toString());

        PROVIDER.answer("Failed deliveries are retried ", "five times [1].");
        ChatCompletion whole = client.chat().completions().create(question());
        assertEquals(text.toString(), whole.choices().getFirst().message().content().orElseThrow());
        JsonValue citations = whole._additionalProperties().get("citations");
        assertEquals(1, citations.convert(List.class).size(), citations.toString());
    }

    @Test
    void aProviderDownBeforeTheFirstWordIsAStatus() {
        PROVIDER.reply(new FakeChatProvider.Status(503, "{\"error\":{\"message\":\"overloaded\"}}"));
        OpenAIServiceException e = assertThrows(InternalServerException.class, () -> client.chat().completions().create(question()));
        assertEquals(503, e.statusCode());
        assertEquals("server_error", e.type().orElseThrow());
        assertTrue(e.headers().values("Retry-After").size() == 1, "Retry-After on a 503");
    }

    @Test
    void anAnswerThatBreaksOffIs502WholeAndAnErrorEventStreamed() {
        FakeChatProvider.Raw broken = new FakeChatProvider.Raw(List.of(FakeChatProvider.chunk("Failed deliveries ")));
        PROVIDER.reply(broken);
        OpenAIServiceException whole = assertThrows(OpenAIServiceException.class, () -> client.chat().completions().create(question()));
        assertEquals(502, whole.statusCode());

        PROVIDER.reply(broken);
        StringBuilder text = new StringBuilder();
        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(question())) {
            assertThrows(SseException.class, () -> stream.stream().forEach(chunk ->
                    chunk.choices().getFirst().delta().content().ifPresent(text::append)));
        }
        assertEquals("Failed deliveries ", text.toString(), "the text before the break reached the reader");
    }
}
