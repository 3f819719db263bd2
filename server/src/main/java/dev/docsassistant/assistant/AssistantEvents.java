package dev.docsassistant.assistant;

import dev.docsassistant.insights.Channel;
import dev.docsassistant.search.SearchHit;

import java.util.List;

/**
 * What an answer is made of, in order: {@code start}, then {@code source}s and {@code text} deltas,
 * then {@code finish}, or {@code error} at any point after start. Sources usually precede the text
 * (extractive answers) but may follow the text that cites them (a model's links are known only
 * once written). Each edge (REST v2, REST v1, gRPC) encodes these in its own protocol; the core
 * knows nothing of HTTP or SSE. A sink whose reader has gone throws {@link AnswerAbandoned} from any
 * method, which stops the answer and whatever it has open upstream.
 */
public interface AssistantEvents {
    void start(String messageId, String threadId);

    /** The edge this sink encodes for, as insights count it. */
    Channel channel();

    /** The wire protocol, as metrics label answers ({@code v2}, {@code v1}, {@code grpc}, {@code mcp}): derived from the channel. */
    default String protocol() {
        return channel().protocol();
    }

    /**
     * Whether the sink has already sent something of its own (a keep-alive that committed the
     * response), so that a failure before {@code start} can no longer be reported as a status and
     * must become {@code start} + {@code error}.
     */
    default boolean committed() {
        return false;
    }

    /** Whether the reader is known to have gone (a keep-alive could not be delivered). */
    default boolean abandoned() {
        return false;
    }

    /** The search the answer is built on (v1 reports it as a tool call; others may ignore it). */
    default void searched(String query, List<SearchHit> results) {
    }

    void source(AnswerSource source);

    /**
     * Whether this sink relays the model's reasoning ({@link #reasoning}). Reasoning then starts the
     * stream like the first word would; a sink that does not relay it leaves the start to the answer.
     */
    default boolean relaysReasoning() {
        return false;
    }

    /** The next piece of the model's reasoning; called only when {@link #relaysReasoning()}. */
    default void reasoning(String delta) {
    }

    void text(String delta);

    /**
     * The events up to {@link #release()} are ready together (the core has merged their text
     * deltas): the edge may send them in one write instead of one each.
     */
    default void hold() {
    }

    /** Sends what {@link #hold()} kept back. */
    default void release() {
    }

    void finish(String threadId);

    void error(String message);
}
