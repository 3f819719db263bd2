package dev.docsassistant.rest;

import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.assistant.AssistantEvents;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.web.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An answer gathered whole for a non-streamed {@code chat.completion}: the text (with the Markdown
 * links the assistant writes to the pages it cites) and, as the extension field {@code citations},
 * the sources in order. An error after the start is kept for the route to answer with a status.
 */
final class ChatCompletions implements AssistantEvents {
    private final List<AnswerSource> sources = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    private String messageId;
    private String error;

    /** The completion id of an answer: its message id, as the thread stores it, behind OpenAI's prefix. */
    static String id(String messageId) {
        return "chatcmpl-" + messageId;
    }

    static Map<String, Object> citation(AnswerSource source) {
        return Json.object("id", source.id(), "url", source.url(), "title", source.title(), "path", source.path());
    }

    @Override
    public Channel channel() {
        return Channel.OPENAI;
    }

    @Override
    public void start(String messageId, String threadId) {
        this.messageId = messageId;
    }

    @Override
    public void source(AnswerSource source) {
        sources.add(source);
    }

    @Override
    public void text(String delta) {
        text.append(delta);
    }

    @Override
    public void finish(String threadId) {
    }

    @Override
    public void error(String message) {
        error = message;
    }

    /** The stream's error message, or null when the answer completed. */
    String error() {
        return error;
    }

    /** The {@code chat.completion} object. */
    Map<String, Object> completion(String model, long created) {
        Map<String, Object> message = Json.object("role", "assistant", "content", text.toString(), "refusal", null);
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("message", message);
        choice.put("logprobs", null);
        choice.put("finish_reason", "stop");
        return Json.object("id", id(messageId), "object", "chat.completion", "created", created, "model", model,
                "choices", List.of(choice), "citations", sources.stream().map(ChatCompletions::citation).toList());
    }
}
