package dev.docsassistant.assistant.llm;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.assistant.GeneratorException;

/**
 * One event of an OpenAI-style stream: a {@code chat.completion.chunk} (the answer's next piece
 * and, at the end, why it stopped), the {@code [DONE]} marker, or an {@code error} object that some
 * providers (OpenAI, vLLM, LiteLLM) send in place of a chunk when they fail mid-answer.
 *
 * @param content      the next piece of the answer, possibly empty
 * @param reasoning    the next piece of the model's reasoning before it answers, possibly empty
 * @param finishReason {@code stop}, {@code length}, {@code content_filter}…, or null while it goes on
 * @param done         the {@code [DONE]} marker
 */
record ChatChunk(String content, String reasoning, String finishReason, boolean done) {
    private static final ObjectMapper JSON = Mappers.JSON;
    static final ChatChunk DONE = new ChatChunk("", "", null, true);

    static ChatChunk parse(String data, int status) {
        if (data.strip().equals("[DONE]")) {
            return DONE;
        }
        JsonNode node;
        try {
            node = JSON.readTree(data);
        } catch (Exception e) {
            throw malformed(status, "not JSON: " + clip(data));
        }
        if (node == null || !node.isObject()) {
            throw malformed(status, "not an object: " + clip(data));
        }
        JsonNode error = node.get("error");
        if (error != null && !error.isNull()) {
            String message = error.isObject() ? error.path("message").asText(error.toString()) : error.asText();
            throw new ProviderFailure(GeneratorException.Kind.FAILED, "the language model provider failed while answering",
                    status, "error in stream: " + clip(message));
        }
        JsonNode choices = node.get("choices");
        if (choices == null || !choices.isArray()) {
            throw malformed(status, "no choices: " + clip(data));
        }
        // Azure sends a first chunk with no choices (its prompt filter results); that is nothing to say yet.
        if (choices.isEmpty()) {
            return new ChatChunk("", "", null, false);
        }
        JsonNode choice = choices.get(0);
        JsonNode content = choice.path("delta").get("content");
        // Reasoning models (DeepSeek, vLLM and llama.cpp reasoning parsers) think aloud in "reasoning_content".
        JsonNode reasoning = choice.path("delta").get("reasoning_content");
        JsonNode finish = choice.get("finish_reason");
        return new ChatChunk(text(content), text(reasoning), finish == null || finish.isNull() ? null : finish.asText(), false);
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? "" : node.asText();
    }

    static ProviderFailure malformed(int status, String detail) {
        return new ProviderFailure(GeneratorException.Kind.FAILED, "the language model provider sent a malformed stream",
                status, detail);
    }

    static String clip(String s) {
        String one = s.replaceAll("\\s+", " ").strip();
        return one.length() <= 300 ? one : one.substring(0, 300) + "…";
    }
}
