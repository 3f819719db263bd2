package dev.docsassistant.rest;

import dev.docsassistant.web.Json;

import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.resume.AnswerRecords;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Encodes assistant events as the AI SDK UI message stream (SSE, ai@5+): start, start-step,
 * source-url…, text-start, text-delta…, text-end, finish-step, finish, {@code [DONE]}; with
 * {@code stream.reasoning}, a model's reasoning goes before the text it leads to as reasoning-start,
 * reasoning-delta… and reasoning-end (the chunk shapes of {@code ui-message-chunks.ts}, ai@5.0.52+).
 * Each event is also appended to the answer's record, from which a reader who left can resume it.
 */
final class UiMessageStream extends BodyEvents {
    private static final String TEXT_ID = "t1";
    private final boolean finishThreadId;
    private final boolean reasoning;
    private final AnswerRecords.Recording recording;
    private boolean textStarted;
    /** The open reasoning part's id ({@code r1}, {@code r2} when the model thinks again after writing), or null. */
    private String reasoningId;
    private int reasoningParts;

    /**
     * @param reasoning relay the model's reasoning as {@code reasoning-start}, {@code reasoning-delta}
     *                  and {@code reasoning-end} parts ({@code stream.reasoning})
     */
    UiMessageStream(StreamOutput out, boolean finishThreadId, boolean reasoning) {
        this(out, finishThreadId, reasoning, AnswerRecords.Recording.NONE);
    }

    /** @param recording where each event also goes, for readers resuming the answer */
    UiMessageStream(StreamOutput out, boolean finishThreadId, boolean reasoning, AnswerRecords.Recording recording) {
        super(out);
        this.finishThreadId = finishThreadId;
        this.reasoning = reasoning;
        this.recording = recording;
    }

    /**
     * Records {@code start} and {@code error} without writing them: the answer failed before its first
     * byte (its reader gets a status), and a reader resuming it learns why.
     */
    void recordFailure(String messageId, String threadId, String message) {
        recording.append(Json.write(Json.object("type", "start", "messageId", messageId, "messageMetadata", Json.object("threadId", threadId))));
        recording.append(Json.write(Json.object("type", "error", "errorText", message)));
    }

    @Override
    public boolean relaysReasoning() {
        return reasoning;
    }

    @Override
    public void reasoning(String delta) {
        if (reasoningId == null) {
            reasoningId = "r" + ++reasoningParts;
            event(Json.object("type", "reasoning-start", "id", reasoningId));
        }
        event(Json.object("type", "reasoning-delta", "id", reasoningId, "delta", delta));
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
        endReasoning();
        event(Json.object("type", "source-url", "sourceId", source.id(), "url", source.url(), "title", source.title()));
    }

    @Override
    public void text(String delta) {
        endReasoning();
        if (!textStarted) {
            textStarted = true;
            event(Json.object("type", "text-start", "id", TEXT_ID));
        }
        event(Json.object("type", "text-delta", "id", TEXT_ID, "delta", delta));
    }

    @Override
    public void finish(String threadId) {
        out.hold(); // the closing events leave together; closing the body sends them
        endReasoning();
        endText();
        event(Json.object("type", "finish-step"));
        Map<String, Object> finish = new LinkedHashMap<>();
        finish.put("type", "finish");
        finish.put("messageMetadata", Json.object("threadId", threadId));
        if (finishThreadId) {
            finish.put("threadId", threadId);
        }
        event(finish);
        out.end("data: [DONE]\n\n");
    }

    @Override
    public void error(String message) {
        out.hold();
        event(Json.object("type", "error", "errorText", message));
        out.end("data: [DONE]\n\n");
    }

    /**
     * An SSE comment: ignored by clients, keeps proxies from closing an idle stream. The first one
     * sends the response headers: a model slow to start is worth keeping the connection for, and
     * from then on a failure is the stream's error event rather than a status.
     */
    void keepAlive() {
        out.keepAlive();
    }

    /** A reasoning part ends where the answer (or another part) goes on: the client shows it as finished thinking. */
    private void endReasoning() {
        if (reasoningId != null) {
            event(Json.object("type", "reasoning-end", "id", reasoningId));
            reasoningId = null;
        }
    }

    private void endText() {
        if (textStarted) {
            textStarted = false;
            event(Json.object("type", "text-end", "id", TEXT_ID));
        }
    }

    private void event(Map<String, ?> event) {
        String json = Json.write(event);
        recording.append(json); // first: the record goes on when the reader has gone
        out.write("data: " + json + "\n\n");
    }


}
