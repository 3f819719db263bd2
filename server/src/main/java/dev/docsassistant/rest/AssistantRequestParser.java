package dev.docsassistant.rest;

import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Fields;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.assistant.AssistantRequest;
import dev.docsassistant.assistant.ChatMessage;
import dev.docsassistant.assistant.ContextItem;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.request.Rules;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads an assistant message body (AI SDK v5+ UI messages with {@code parts}, or v4 messages with
 * {@code content}): lenient with what clients add (unknown fields and part types are ignored),
 * strict with JSON types here, then the shared {@link AssistantRules}; every problem names the field.
 */
final class AssistantRequestParser {
    private final AssistantRules rules;

    AssistantRequestParser(AssistantRules rules) {
        this.rules = rules;
    }

    AssistantRequest parse(String domain, JsonNode body) {
        for (String field : CLIENT_STRINGS) {
            clientString(body, field, field);
        }
        return rules.check(new AssistantRules.Draft(domain,
                Fields.optString(body, "fp", "fp"),
                messages(body),
                Fields.optString(body, "threadId", "threadId"),
                Fields.optString(body, "threadKey", "threadKey"),
                Fields.optNumeric(body, "retrievalPageSize"),
                SearchRoutes.filter(Fields.optObject(body, "filter", "filter")),
                context(body),
                Fields.optString(body, "currentPath", "currentPath")));
    }

    /** Top-level strings the AI SDK sends that the answer does not read. */
    private static final List<String> CLIENT_STRINGS = List.of("id", "trigger", "messageId");

    /**
     * A string the client adds and the answer does not read: any JSON type is let through (clients
     * are read leniently), but a string is bounded like every other.
     */
    private static void clientString(JsonNode node, String field, String path) {
        JsonNode v = node.get(field);
        if (v != null && v.isTextual()) {
            Rules.maxLength(path, v.textValue(), AssistantRules.MAX_CLIENT_STRING);
        }
    }

    private List<ChatMessage> messages(JsonNode body) {
        JsonNode array = Fields.optArray(body, "messages", "messages");
        if (array == null) {
            return null;
        }
        List<ChatMessage> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String path = "messages[" + i + "]";
            JsonNode m = Fields.objectItem(array, i, path);
            clientString(m, "createdAt", path + ".createdAt");
            out.add(new ChatMessage(Fields.optString(m, "role", path + ".role"), text(m, path),
                    Fields.optString(m, "id", path + ".id")));
        }
        return out;
    }

    /**
     * The text parts joined; v4 messages carry {@code content} instead. Other part types are ignored.
     * Each text is bounded on its own here, so the refusal names the part; the shared rules bound the join.
     */
    private String text(JsonNode message, String path) {
        int max = rules.limits().maxTextChars();
        JsonNode given = message.get("content");
        if (given != null && given.isTextual()) {
            Rules.maxLength(path + ".content", given.textValue(), max);
        }
        JsonNode parts = Fields.optArray(message, "parts", path + ".parts");
        StringBuilder text = new StringBuilder();
        if (parts != null) {
            for (int j = 0; j < parts.size(); j++) {
                String partPath = path + ".parts[" + j + "]";
                JsonNode part = Fields.objectItem(parts, j, partPath);
                clientString(part, "type", partPath + ".type");
                if ("text".equals(Fields.optString(part, "type", partPath + ".type"))) {
                    String t = Fields.optString(part, "text", partPath + ".text");
                    if (t == null) {
                        throw ApiException.badRequest(partPath + ".text is required");
                    }
                    Rules.maxLength(partPath + ".text", t, max);
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

    private static List<ContextItem> context(JsonNode body) {
        JsonNode array = Fields.optArray(body, "context", "context");
        if (array == null) {
            return List.of();
        }
        List<ContextItem> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String path = "context[" + i + "]";
            JsonNode item = Fields.objectItem(array, i, path);
            out.add(new ContextItem(Fields.optString(item, "type", path + ".type"), Fields.optString(item, "value", path + ".value"),
                    Fields.optString(item, "path", path + ".path"), Fields.optString(item, "elementId", path + ".elementId")));
        }
        return out;
    }
}
