package dev.docsassistant.assistant;

import dev.docsassistant.search.SearchFilter;

import java.util.List;

/**
 * A validated request for one assistant answer, the same for REST v1, REST v2 and gRPC.
 *
 * @param domain            the site
 * @param fp                the caller's fingerprint (e.g. "anonymous"), stored with the thread
 * @param messages          the conversation, the last user message being the question
 * @param threadId          the thread to continue, or null to start one
 * @param threadKey         the key returned when the thread was created, or null
 * @param retrievalPageSize how many search results the answer may draw on (1–50)
 * @param filter            version, language and access groups (an edge puts the groups its caller's key
 *                          allows here, never those the request names alone)
 * @param context           code and text selections attached by the reader
 * @param currentPath       the page the reader is on, or null
 */
public record AssistantRequest(String domain, String fp, List<ChatMessage> messages, String threadId, String threadKey,
                               int retrievalPageSize, SearchFilter filter, List<ContextItem> context, String currentPath) {
    public static final int DEFAULT_RETRIEVAL_PAGE_SIZE = 5;
    public static final int MAX_RETRIEVAL_PAGE_SIZE = 50;
    public static final int MAX_CURRENT_PATH = 200;

    public AssistantRequest {
        messages = List.copyOf(messages);
        context = List.copyOf(context);
        filter = filter == null ? SearchFilter.NONE : filter;
    }

    /** This request reading the pages of {@code groups}: the access groups its credential allows. */
    public AssistantRequest withGroups(List<String> groups) {
        return new AssistantRequest(domain, fp, messages, threadId, threadKey, retrievalPageSize,
                filter.withGroups(groups), context, currentPath);
    }

    /** The question: the text of the last user message. */
    public String question() {
        return lastUserMessage().text();
    }

    /** The client's id of the question (the last user message), or null when it sent none. */
    public String questionId() {
        return lastUserMessage().id();
    }

    private ChatMessage lastUserMessage() {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).isUser()) {
                return messages.get(i);
            }
        }
        throw new IllegalStateException("no user message");
    }
}
