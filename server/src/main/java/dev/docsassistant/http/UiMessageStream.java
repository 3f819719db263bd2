package dev.docsassistant.http;

import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.assistant.AssistantEvents;
import dev.docsassistant.insights.Channel;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Encodes assistant events as the AI SDK UI message stream (SSE, ai@5+): start, start-step,
 * source-url…, text-start, text-delta…, text-end, finish-step, finish, {@code [DONE]}.
 */
final class UiMessageStream implements AssistantEvents {
    private static final String TEXT_ID = "t1";
    private final StreamOutput out;
    private final boolean finishThreadId;
    private boolean textStarted;

    UiMessageStream(StreamOutput out, boolean finishThreadId) {
        this.out = out;
        this.finishThreadId = finishThreadId;
    }

    @Override
    public Channel channel() {
        return Channel.REST_V2;
    }

    @Override
    public void start(String messageId, String threadId) {
        event(Json.object("type", "start", "messageId", messageId, "messageMetadata", Json.object("threadId", threadId)));
        event(Json.object("type", "start-step"));
    }

    @Override
    public void source(AnswerSource source) {
        event(Json.object("type", "source-url", "sourceId", source.id(), "url", source.url(), "title", source.title()));
    }

    @Override
    public void text(String delta) {
        if (!textStarted) {
            textStarted = true;
            event(Json.object("type", "text-start", "id", TEXT_ID));
        }
        event(Json.object("type", "text-delta", "id", TEXT_ID, "delta", delta));
    }

    @Override
    public void finish(String threadId) {
        endText();
        event(Json.object("type", "finish-step"));
        Map<String, Object> finish = new LinkedHashMap<>();
        finish.put("type", "finish");
        finish.put("messageMetadata", Json.object("threadId", threadId));
        if (finishThreadId) {
            finish.put("threadId", threadId);
        }
        event(finish);
        out.write("data: [DONE]\n\n");
    }

    @Override
    public void error(String message) {
        event(Json.object("type", "error", "errorText", message));
        out.write("data: [DONE]\n\n");
    }

    /**
     * An SSE comment: ignored by clients, keeps proxies from closing an idle stream. The first one
     * sends the response headers: a model slow to start is worth keeping the connection for, and
     * from then on a failure is the stream's error event rather than a status.
     */
    void keepAlive() {
        out.writeQuietly(": keep-alive\n\n");
    }

    @Override
    public boolean committed() {
        return out.opened();
    }

    @Override
    public boolean abandoned() {
        return out.gone();
    }

    private void endText() {
        if (textStarted) {
            textStarted = false;
            event(Json.object("type", "text-end", "id", TEXT_ID));
        }
    }

    private void event(Map<String, ?> event) {
        out.write("data: " + Json.write(event) + "\n\n");
    }

}
