package dev.docsassistant.request;

import dev.docsassistant.assistant.AssistantRequest;
import dev.docsassistant.assistant.ChatMessage;
import dev.docsassistant.assistant.ContextItem;
import dev.docsassistant.search.SearchFilter;

import java.util.List;
import java.util.Set;

/**
 * Turns an assistant request as an edge decoded it ({@link Draft}) into a valid {@link AssistantRequest},
 * or fails with the first broken rule, naming the field.
 */
public final class AssistantRules {
    private static final Set<String> ROLES = Set.of("system", "user", "assistant");
    private static final Set<String> CONTEXT_TYPES = Set.of("code", "textSelection");
    /** A message id names a message within its thread (the AI SDK's are 16 characters); stored with the question. */
    public static final int MAX_MESSAGE_ID = 200;
    /** The caller's fingerprint, stored with every thread: "anonymous", a user id, a hash. */
    public static final int MAX_FP = 256;
    /** Thread ids ({@code thr_…}) and keys ({@code thk_…}) are under 40 characters; anything longer names no thread. */
    public static final int MAX_THREAD_ID = 100;
    /** Where a context item came from: a page path and an element's id on it. */
    public static final int MAX_CONTEXT_PATH = 500;
    public static final int MAX_ELEMENT_ID = 200;
    /**
     * Strings the AI SDK adds that the answer does not read (the chat {@code id}, {@code trigger},
     * {@code messageId}, a part's {@code type}, a v4 message's {@code createdAt}): bounded all the same.
     */
    public static final int MAX_CLIENT_STRING = 200;

    private final AssistantLimits limits;
    private final boolean requireThreadKey;

    /** @param requireThreadKey continuing a thread needs its key ({@code threads.require-key}) */
    public AssistantRules(AssistantLimits limits, boolean requireThreadKey) {
        this.limits = limits;
        this.requireThreadKey = requireThreadKey;
    }

    public AssistantRules(AssistantLimits limits) {
        this(limits, false);
    }

    public AssistantLimits limits() {
        return limits;
    }

    /**
     * An assistant request as decoded from the wire, nothing checked yet; absent values are null.
     *
     * @param messages          roles as the JSON API names them ({@code user}, …; null when not given), text parts joined
     * @param retrievalPageSize null for the default
     * @param context           types as the JSON API names them ({@code code}, {@code textSelection})
     */
    public record Draft(String domain, String fp, List<ChatMessage> messages, String threadId, String threadKey,
                        Number retrievalPageSize, SearchFilter filter, List<ContextItem> context, String currentPath) {
    }

    public AssistantRequest check(Draft d) {
        String fp = Rules.maxLength("fp", Rules.required("fp", d.fp()), MAX_FP);
        List<ChatMessage> messages = messages(d.messages());
        String currentPath = Rules.maxLength("currentPath", d.currentPath(), AssistantRequest.MAX_CURRENT_PATH);
        int pageSize = Rules.intInRange("retrievalPageSize", d.retrievalPageSize(), 1,
                AssistantRequest.MAX_RETRIEVAL_PAGE_SIZE, AssistantRequest.DEFAULT_RETRIEVAL_PAGE_SIZE);
        String threadId = Rules.blankToNull(Rules.maxLength("threadId", d.threadId(), MAX_THREAD_ID));
        String threadKey = Rules.blankToNull(Rules.maxLength("threadKey", d.threadKey(), MAX_THREAD_ID));
        if (requireThreadKey && threadId != null && threadKey == null) {
            throw new InvalidFieldException("threadKey", "is required to continue a thread");
        }
        return new AssistantRequest(d.domain(), fp, messages, threadId, threadKey,
                pageSize, SearchRules.filter(d.filter()), context(d.context()), currentPath);
    }

    private List<ChatMessage> messages(List<ChatMessage> messages) {
        if (messages == null) {
            throw new InvalidFieldException("messages", "is required");
        }
        Rules.maxItems("messages", messages, limits.maxMessages());
        boolean question = false;
        for (int i = 0; i < messages.size(); i++) {
            ChatMessage m = messages.get(i);
            String path = "messages[" + i + "]";
            Rules.oneOf(path + ".role", m.role(), ROLES, "one of system, user, assistant");
            String text = m.text() == null ? "" : m.text();
            if (text.length() > limits.maxTextChars()) {
                throw new InvalidFieldException(path, "text must be at most " + limits.maxTextChars() + " characters");
            }
            Rules.maxLength(path + ".id", m.id(), MAX_MESSAGE_ID);
            question |= m.isUser() && !text.isBlank();
        }
        if (!question) {
            throw new InvalidFieldException("messages", "must contain a user message with text");
        }
        return messages.stream().map(m -> new ChatMessage(m.role(), m.text() == null ? "" : m.text(),
                Rules.blankToNull(m.id()))).toList();
    }

    private List<ContextItem> context(List<ContextItem> context) {
        Rules.maxItems("context", context, limits.maxContextItems());
        if (context == null) {
            return List.of();
        }
        for (int i = 0; i < context.size(); i++) {
            ContextItem item = context.get(i);
            String path = "context[" + i + "]";
            Rules.oneOf(path + ".type", item.type(), CONTEXT_TYPES, "code or textSelection");
            Rules.maxLength(path + ".value", Rules.required(path + ".value", item.value()), limits.maxTextChars());
            Rules.maxLength(path + ".path", item.path(), MAX_CONTEXT_PATH);
            Rules.maxLength(path + ".elementId", item.elementId(), MAX_ELEMENT_ID);
        }
        return context;
    }
}
