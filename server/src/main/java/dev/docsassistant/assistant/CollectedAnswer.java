package dev.docsassistant.assistant;

import dev.docsassistant.insights.Channel;

import java.util.ArrayList;
import java.util.List;

/** An answer gathered whole instead of streamed: for callers that need it in one piece (MCP's ask, the evaluation). */
public final class CollectedAnswer implements AssistantEvents {
    private final Channel channel;
    private final List<AnswerSource> sources = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    private String messageId;
    private String threadId;
    private String error;

    /** @param channel the edge asking, for the insights */
    public CollectedAnswer(Channel channel) {
        this.channel = channel;
    }

    @Override
    public Channel channel() {
        return channel;
    }

    @Override
    public void start(String messageId, String threadId) {
        this.messageId = messageId;
        this.threadId = threadId;
    }

    @Override
    public void source(AnswerSource source) {
        sources.add(source);
    }

    @Override
    public void text(String delta) {
        text.append(delta);
    }

    @Override
    public void finish(String threadId) {
    }

    @Override
    public void error(String message) {
        error = message;
    }

    public List<AnswerSource> sources() {
        return sources;
    }

    public String text() {
        return text.toString();
    }

    public String threadId() {
        return threadId;
    }

    public String messageId() {
        return messageId;
    }

    /** The stream's error message, or null when the answer completed. */
    public String error() {
        return error;
    }
}
