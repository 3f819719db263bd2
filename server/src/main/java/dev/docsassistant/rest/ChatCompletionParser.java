package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.assistant.AssistantRequest;
import dev.docsassistant.assistant.ChatMessage;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.request.Rules;
import dev.docsassistant.request.InvalidFieldException;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads an OpenAI chat completion request into the assistant's request. The request's
 * {@code messages} are the whole conversation (stateless: no thread id); {@code system} and
 * {@code developer} messages are kept as system messages, which the assistant never lets override
 * its own grounded prompt. Sampling parameters (temperature, max_tokens, …) are accepted and
 * ignored; what would change the answer's shape (tools, several choices) is refused, naming the
 * parameter. Every problem is an {@link InvalidFieldException}, so the error names its {@code param}.
 */
final class ChatCompletionParser {
    /** Function calling in any of its spellings: the assistant answers from the docs, it calls no tools. */
    private static final List<String> TOOL_FIELDS = List.of("tools", "tool_choice", "functions", "function_call",
            "parallel_tool_calls");
    private static final Set<String> ROLES = Set.of("system", "developer", "user", "assistant");
    /** The OpenAI {@code user} field (an end-user id) becomes the thread's fingerprint; without it, this. */
    static final String DEFAULT_FP = "openai";
    private static final int MAX_FP = 200;
    /** Longer than any site domain: refused as a bad field before any site is looked up. */
    static final int MAX_MODEL = 100;

    private final AssistantRules rules;

    /**
     * @param model  the site ({@code model} is its domain)
     * @param stream answer as {@code chat.completion.chunk} events instead of one {@code chat.completion}
     */
    record Parsed(String model, boolean stream, AssistantRequest request) {
    }

    ChatCompletionParser(AssistantRules rules) {
        this.rules = rules;
    }

    /** The {@code model} field, or null when absent or not a string (reported by {@link #parse}). */
    static String model(JsonNode body) {
        JsonNode model = body == null ? null : body.get("model");
        return model != null && model.isTextual() && !model.textValue().isBlank() && model.textValue().length() <= MAX_MODEL
                ? model.textValue() : null;
    }

    Parsed parse(JsonNode body) {
        JsonNode model = body.get("model");
        if (model == null || model.isNull()) {
            throw new InvalidFieldException("model", "is required: the site's domain (GET /v1/models lists them)");
        }
        if (!model.isTextual() || model.textValue().isBlank()) {
            throw new InvalidFieldException("model", "must be a non-empty string: the site's domain");
        }
        if (model.textValue().length() > MAX_MODEL) {
            throw new InvalidFieldException("model", "must be at most " + MAX_MODEL + " characters");
        }
        for (String field : TOOL_FIELDS) {
            if (present(body, field)) {
                throw new InvalidFieldException(field, "is not supported: the assistant answers from the documentation and calls no tools");
            }
        }
        JsonNode n = body.get("n");
        if (present(body, "n") && !(n.isIntegralNumber() && n.asLong() == 1)) {
            throw new InvalidFieldException("n", "must be 1: the assistant gives one answer per request");
        }
        boolean stream = bool(body, "stream");
        JsonNode options = body.get("stream_options");
        if (present(body, "stream_options") && !options.isObject()) {
            throw new InvalidFieldException("stream_options", "must be an object");
        }
        String fp = string(body, "user");
        if (fp != null && fp.length() > MAX_FP) {
            throw new InvalidFieldException("user", "must be at most " + MAX_FP + " characters");
        }
        AssistantRequest request = rules.check(new AssistantRules.Draft(model.textValue(),
                fp == null || fp.isBlank() ? DEFAULT_FP : fp, messages(body), null, null, null, null, List.of(), null));
        return new Parsed(model.textValue(), stream, request);
    }

    private List<ChatMessage> messages(JsonNode body) {
        JsonNode array = body.get("messages");
        if (array == null || array.isNull()) {
            throw new InvalidFieldException("messages", "is required");
        }
        if (!array.isArray()) {
            throw new InvalidFieldException("messages", "must be an array");
        }
        List<ChatMessage> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String path = "messages[" + i + "]";
            JsonNode m = array.get(i);
            if (!m.isObject()) {
                throw new InvalidFieldException(path, "must be an object");
            }
            String role = string(m, "role", path + ".role");
            if (role == null) {
                throw new InvalidFieldException(path + ".role", "is required");
            }
            if (role.equals("tool") || role.equals("function")) {
                throw new InvalidFieldException(path + ".role", "'" + role + "' is not supported: the assistant calls no tools");
            }
            if (!ROLES.contains(role)) {
                throw new InvalidFieldException(path + ".role", "must be one of system, developer, user, assistant");
            }
            for (String field : List.of("tool_calls", "function_call")) {
                if (present(m, field)) {
                    throw new InvalidFieldException(path + "." + field, "is not supported: the assistant calls no tools");
                }
            }
            out.add(new ChatMessage(role.equals("developer") ? "system" : role, content(m, path, rules.limits().maxTextChars()), null));
        }
        return out;
    }

    /** A string, or the text parts of a content array joined; other part types (images, audio) are refused. */
    private static String content(JsonNode message, String path, int maxChars) {
        JsonNode content = message.get("content");
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return Rules.maxLength(path + ".content", content.textValue(), maxChars);
        }
        if (!content.isArray()) {
            throw new InvalidFieldException(path + ".content", "must be a string or an array of text parts");
        }
        StringBuilder text = new StringBuilder();
        for (int j = 0; j < content.size(); j++) {
            String partPath = path + ".content[" + j + "]";
            JsonNode part = content.get(j);
            if (!part.isObject()) {
                throw new InvalidFieldException(partPath, "must be an object");
            }
            String type = string(part, "type", partPath + ".type");
            if (!"text".equals(type)) {
                throw new InvalidFieldException(partPath + ".type", "must be 'text': only text parts are supported");
            }
            String t = string(part, "text", partPath + ".text");
            if (t == null) {
                throw new InvalidFieldException(partPath + ".text", "is required");
            }
            text.append(text.isEmpty() ? "" : "\n").append(Rules.maxLength(partPath + ".text", t, maxChars));
        }
        return text.toString();
    }

    private static boolean present(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    private static boolean bool(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new InvalidFieldException(field, "must be a boolean");
        }
        return v.booleanValue();
    }

    private static String string(JsonNode node, String field) {
        return string(node, field, field);
    }

    private static String string(JsonNode node, String field, String path) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new InvalidFieldException(path, "must be a string");
        }
        return v.textValue();
    }
}
