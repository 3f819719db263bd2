package dev.docsassistant.assistant;

import java.util.ArrayList;
import java.util.List;

/** An answer gathered whole instead of streamed: for callers that need it in one piece (MCP's ask, the evaluation). */
public final class CollectedAnswer implements AssistantEvents {
    private final List<AnswerSource> sources = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    private String threadId;
    private String error;

    @Override
    public void start(String messageId, String threadId) {
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

    /** The stream's error message, or null when the answer completed. */
    public String error() {
        return error;
    }
}
