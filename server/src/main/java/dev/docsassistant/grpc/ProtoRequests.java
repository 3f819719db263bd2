package dev.docsassistant.grpc;

import dev.docsassistant.assistant.ChatMessage;
import dev.docsassistant.assistant.ContextItem;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Filter;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.request.Rules;
import dev.docsassistant.search.SearchFilter;

import java.util.ArrayList;
import java.util.List;

/**
 * Decodes protobuf requests into the shared drafts; the rules themselves are the shared ones. In
 * proto3 an unset scalar reads as its zero value, so "" and 0 mean "not given" here.
 */
final class ProtoRequests {
    private ProtoRequests() {
    }

    static String domain(String domain) {
        return Rules.required("domain", unset(domain));
    }

    static AssistantRules.Draft draft(CreateMessageRequest r) {
        return new AssistantRules.Draft(domain(r.getDomain()), unset(r.getFp()), messages(r.getMessagesList()),
                unset(r.getThreadId()), unset(r.getThreadKey()), unset(r.getRetrievalPageSize()),
                r.hasFilter() ? filter(r.getFilter()) : null, context(r.getContextList()), unset(r.getCurrentPath()));
    }

    static SearchFilter filter(Filter f) {
        return new SearchFilter(unset(f.getVersion()), unset(f.getLanguage()), unset(f.getTag()), f.getGroupsList());
    }

    /** A message with no parts has no messages field at all in proto3: an empty list means "not given". */
    private static List<ChatMessage> messages(List<Message> messages) {
        if (messages.isEmpty()) {
            return null;
        }
        List<ChatMessage> out = new ArrayList<>(messages.size());
        for (Message m : messages) {
            String role = switch (m.getRole()) {
                case ROLE_SYSTEM -> "system";
                case ROLE_USER -> "user";
                case ROLE_ASSISTANT -> "assistant";
                case ROLE_UNSPECIFIED -> null;
                case UNRECOGNIZED -> "role " + m.getRoleValue();
            };
            out.add(new ChatMessage(role, text(m.getPartsList()), m.getId()));
        }
        return out;
    }

    /** The text parts joined, as the REST edge joins them; the other part types carry nothing the answer reads. */
    private static String text(List<MessagePart> parts) {
        StringBuilder text = new StringBuilder();
        for (MessagePart part : parts) {
            if (part.hasText()) {
                text.append(text.isEmpty() ? "" : "\n").append(part.getText().getText());
            }
        }
        return text.toString();
    }

    private static List<ContextItem> context(List<dev.docsassistant.proto.v1.ContextItem> items) {
        List<ContextItem> out = new ArrayList<>(items.size());
        for (dev.docsassistant.proto.v1.ContextItem item : items) {
            String type = switch (item.getType()) {
                case TYPE_CODE -> "code";
                case TYPE_TEXT_SELECTION -> "textSelection";
                case TYPE_UNSPECIFIED -> null;
                case UNRECOGNIZED -> "type " + item.getTypeValue();
            };
            out.add(new ContextItem(type, unset(item.getValue()), unset(item.getPath()), unset(item.getElementId())));
        }
        return out;
    }

    static String unset(String s) {
        return s.isEmpty() ? null : s;
    }

    static Integer unset(int n) {
        return n == 0 ? null : n;
    }

    static Double unset(double d) {
        return d == 0 ? null : d;
    }
}
