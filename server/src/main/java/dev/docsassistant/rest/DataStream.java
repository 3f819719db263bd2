package dev.docsassistant.rest;

import dev.docsassistant.web.Json;

import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.search.SearchHit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Encodes assistant events as the AI SDK v4 data stream (deprecated v1 API): {@code f:} message,
 * {@code 9:}/{@code a:} the search as a tool call and its result, {@code h:} sources, {@code 0:}
 * text, then {@code 2:[{type:"finish",threadId}]}, {@code e:} and {@code d:}. No other lines: v4
 * clients fail on any prefix they do not know.
 */
final class DataStream extends BodyEvents {
    private static final String CALL_ID = "call_search";
    private static final Map<String, Object> NO_USAGE = Json.object("promptTokens", 0, "completionTokens", 0);

    DataStream(StreamOutput out) {
        super(out);
    }

    @Override
    public Channel channel() {
        return Channel.REST_V1;
    }

    @Override
    public void start(String messageId, String threadId) {
        line("f", Json.object("messageId", messageId));
    }

    @Override
    public void searched(String query, List<SearchHit> results) {
        line("9", Json.object("toolCallId", CALL_ID, "toolName", "search", "args", Json.object("query", query)));
        List<Map<String, Object>> result = results.stream().map(h -> Json.object(
                "url", h.path(), "path", h.path(), "content", h.content(), "metadata", Json.object("title", h.title()))).toList();
        line("a", Json.object("toolCallId", CALL_ID, "result", result));
    }

    @Override
    public void source(AnswerSource source) {
        line("h", Json.object("sourceType", "url", "id", source.id(), "url", source.url(), "title", source.title()));
    }

    @Override
    public void text(String delta) {
        line("0", delta);
    }

    @Override
    public void finish(String threadId) {
        out.hold(); // the closing events leave together; closing the body sends them
        line("2", List.of(Json.object("type", "finish", "threadId", threadId)));
        line("e", Json.object("finishReason", "stop", "usage", NO_USAGE, "isContinued", false));
        Map<String, Object> done = new LinkedHashMap<>();
        done.put("finishReason", "stop");
        done.put("usage", NO_USAGE);
        done.put("threadId", threadId);
        line("d", done);
    }

    @Override
    public void error(String message) {
        out.hold();
        line("3", message);
    }

    private void line(String prefix, Object value) {
        out.write(prefix + ":" + Json.write(value) + "\n");
    }

}
