package dev.docsassistant.rest;

import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.assistant.CollectedAnswer;
import dev.docsassistant.web.Json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The OpenAI shapes of an answer: a {@code chat.completion} made from an answer gathered whole, with the
 * text (and the Markdown links the assistant writes to the pages it cites) and, as the extension field
 * {@code citations}, the sources in order.
 */
final class ChatCompletions {
    private ChatCompletions() {
    }

    /** The completion id of an answer: its message id, as the thread stores it, behind OpenAI's prefix. */
    static String id(String messageId) {
        return "chatcmpl-" + messageId;
    }

    static Map<String, Object> citation(AnswerSource source) {
        return Json.object("id", source.id(), "url", source.url(), "title", source.title(), "path", source.path());
    }

    /** The {@code chat.completion} object of a completed answer. */
    static Map<String, Object> completion(CollectedAnswer answer, String model, long created) {
        Map<String, Object> message = Json.object("role", "assistant", "content", answer.text(), "refusal", null);
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("message", message);
        choice.put("logprobs", null);
        choice.put("finish_reason", "stop");
        return Json.object("id", id(answer.messageId()), "object", "chat.completion", "created", created, "model", model,
                "choices", List.of(choice), "citations", answer.sources().stream().map(ChatCompletions::citation).toList());
    }
}
