package dev.docsassistant.rest;

import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.web.Json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Encodes assistant events as OpenAI's streamed chat completion: {@code data: {chat.completion.chunk}}
 * SSE events (the first with {@code delta.role}, then {@code delta.content} pieces, the last with
 * {@code finish_reason: "stop"}), then {@code data: [DONE]}. Each source the answer draws on comes as
 * a chunk with an empty delta and the extension field {@code citations: [{id, url, title, path}]},
 * which OpenAI clients ignore. A failure after the start is a {@code data: {"error": {...}}} event,
 * which the OpenAI SDKs raise as an API error.
 */
final class ChatCompletionChunks extends BodyEvents {
    private final String model;
    private final long created;
    private String id;

    ChatCompletionChunks(StreamOutput out, String model, long created) {
        super(out);
        this.model = model;
        this.created = created;
    }

    @Override
    public Channel channel() {
        return Channel.OPENAI;
    }

    @Override
    public void start(String messageId, String threadId) {
        id = ChatCompletions.id(messageId);
        chunk(Json.object("role", "assistant", "content", ""), null, null);
    }

    @Override
    public void source(AnswerSource source) {
        chunk(Map.of(), null, List.of(ChatCompletions.citation(source)));
    }

    @Override
    public void text(String delta) {
        chunk(Json.object("content", delta), null, null);
    }

    @Override
    public void finish(String threadId) {
        out.hold(); // the closing events leave together; closing the body sends them
        chunk(Map.of(), "stop", null);
        out.end("data: [DONE]\n\n");
    }

    @Override
    public void error(String message) {
        out.end(OpenAiErrors.event(message)); // the stream's last event, as [DONE] is otherwise
    }

    /** An SSE comment, which the OpenAI SDKs skip; see {@link UiMessageStream#keepAlive()}. */
    void keepAlive() {
        out.keepAlive();
    }

    private void chunk(Map<String, Object> delta, String finishReason, List<Map<String, Object>> citations) {
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("delta", delta);
        choice.put("logprobs", null);
        choice.put("finish_reason", finishReason);
        Map<String, Object> chunk = Json.object("id", id, "object", "chat.completion.chunk", "created", created,
                "model", model, "choices", List.of(choice));
        if (citations != null) {
            chunk.put("citations", citations);
        }
        out.write("data: " + Json.write(chunk) + "\n\n");
    }
}
