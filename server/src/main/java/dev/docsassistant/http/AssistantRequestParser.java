package dev.docsassistant.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.assistant.AssistantRequest;
import dev.docsassistant.assistant.ChatMessage;
import dev.docsassistant.assistant.ContextItem;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads an assistant message body (AI SDK v5+ UI messages with {@code parts}, or v4 messages with
 * {@code content}): lenient with what clients add (unknown fields and part types are ignored),
 * strict with what the API defines, every problem a 400 naming the field.
 */
final class AssistantRequestParser {
    private static final Set<String> ROLES = Set.of("system", "user", "assistant");
    private static final Set<String> CONTEXT_TYPES = Set.of("code", "textSelection");

    private final AssistantLimits limits;

    AssistantRequestParser(AssistantLimits limits) {
        this.limits = limits;
    }

    AssistantRequest parse(String domain, JsonNode body) {
        String fp = Fields.requiredString(body, "fp", "fp");
        List<ChatMessage> messages = messages(body);
        String currentPath = Fields.optString(body, "currentPath", "currentPath");
        if (currentPath != null && currentPath.length() > AssistantRequest.MAX_CURRENT_PATH) {
            throw ApiException.badRequest("currentPath must be at most " + AssistantRequest.MAX_CURRENT_PATH + " characters");
        }
        return new AssistantRequest(domain, fp, messages,
                blankToNull(Fields.optString(body, "threadId", "threadId")),
                blankToNull(Fields.optString(body, "threadKey", "threadKey")),
                Fields.optInt(body, "retrievalPageSize", "retrievalPageSize", 1, AssistantRequest.MAX_RETRIEVAL_PAGE_SIZE,
                        AssistantRequest.DEFAULT_RETRIEVAL_PAGE_SIZE),
                SearchRoutes.filter(Fields.optObject(body, "filter", "filter")),
                context(body), currentPath);
    }

    private List<ChatMessage> messages(JsonNode body) {
        JsonNode array = Fields.optArray(body, "messages", "messages");
        if (array == null) {
            throw ApiException.badRequest("messages is required");
        }
        if (array.size() > limits.maxMessages()) {
            throw ApiException.badRequest("messages must have at most " + limits.maxMessages() + " items");
        }
        List<ChatMessage> out = new ArrayList<>();
        boolean question = false;
        for (int i = 0; i < array.size(); i++) {
            String path = "messages[" + i + "]";
            JsonNode m = Fields.objectItem(array, i, path);
            String role = Fields.requiredOneOf(m, "role", path + ".role", ROLES, "one of system, user, assistant");
            String text = text(m, path);
            if (text.length() > limits.maxTextChars()) {
                throw ApiException.badRequest(path + " text must be at most " + limits.maxTextChars() + " characters");
            }
            question |= role.equals("user") && !text.isBlank();
            out.add(new ChatMessage(role, text));
        }
        if (!question) {
            throw ApiException.badRequest("messages must contain a user message with text");
        }
        return out;
    }

    /** The text parts joined; v4 messages carry {@code content} instead. Other part types are ignored. */
    private static String text(JsonNode message, String path) {
        JsonNode parts = Fields.optArray(message, "parts", path + ".parts");
        StringBuilder text = new StringBuilder();
        if (parts != null) {
            for (int j = 0; j < parts.size(); j++) {
                String partPath = path + ".parts[" + j + "]";
                JsonNode part = Fields.objectItem(parts, j, partPath);
                if ("text".equals(Fields.optString(part, "type", partPath + ".type"))) {
                    String t = Fields.optString(part, "text", partPath + ".text");
                    if (t == null) {
                        throw ApiException.badRequest(partPath + ".text is required");
                    }
                    text.append(text.isEmpty() ? "" : "\n").append(t);
                }
            }
        }
        if (text.isEmpty()) {
            String content = Fields.optString(message, "content", path + ".content");
            if (content != null) {
                text.append(content);
            }
        }
        return text.toString();
    }

    private List<ContextItem> context(JsonNode body) {
        JsonNode array = Fields.optArray(body, "context", "context");
        if (array == null) {
            return List.of();
        }
        if (array.size() > limits.maxContextItems()) {
            throw ApiException.badRequest("context must have at most " + limits.maxContextItems() + " items");
        }
        List<ContextItem> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String path = "context[" + i + "]";
            JsonNode item = Fields.objectItem(array, i, path);
            String type = Fields.requiredOneOf(item, "type", path + ".type", CONTEXT_TYPES, "code or textSelection");
            String value = Fields.requiredString(item, "value", path + ".value");
            if (value.length() > limits.maxTextChars()) {
                throw ApiException.badRequest(path + ".value must be at most " + limits.maxTextChars() + " characters");
            }
            out.add(new ContextItem(type, value, Fields.optString(item, "path", path + ".path"),
                    Fields.optString(item, "elementId", path + ".elementId")));
        }
        return out;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
