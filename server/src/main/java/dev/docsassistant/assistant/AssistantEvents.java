package dev.docsassistant.assistant;

import dev.docsassistant.search.SearchHit;

import java.util.List;

/**
 * What an answer is made of, in order: {@code start}, {@code source}s, {@code text} deltas, then
 * {@code finish}, or {@code error} at any point after start. Each edge (REST v2, REST v1, gRPC)
 * encodes these in its own protocol; the core knows nothing of HTTP or SSE. A sink whose receiver
 * has gone throws {@link AnswerAbortedException} from any method to make the core stop.
 */
public interface AssistantEvents {
    void start(String messageId, String threadId);

    /** The search the answer is built on (v1 reports it as a tool call; others may ignore it). */
    default void searched(String query, List<SearchHit> results) {
    }

    void source(AnswerSource source);

    void text(String delta);

    void finish(String threadId);

    void error(String message);
}
