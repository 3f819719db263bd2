package dev.docsassistant.dashboard;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.docsassistant.web.Json;
import dev.docsassistant.insights.ConversationFilter;
import dev.docsassistant.insights.Conversations;
import dev.docsassistant.insights.Turn;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Conversations exported one turn (question and answer) per line or row, streamed as they are read.
 * CSV cells that a spreadsheet would run as a formula ({@code = + - @} first) are prefixed with
 * {@code '}.
 */
final class Export {
    static final String CSV_HEADER = "thread_id,message_id,created_at,channel,question,answer,answered,sources,latency_ms,helpful,comment,reader";

    private Export() {
    }

    static void jsonLines(ServerResponse res, String domain, ConversationFilter filter, Conversations conversations) {
        stream(res, domain, filter, "application/x-ndjson; charset=utf-8", "jsonl", null, conversations, turn -> {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("threadId", turn.threadId());
            line.put("messageId", turn.messageId());
            line.put("createdAt", turn.at().toString());
            line.put("channel", turn.channel());
            line.put("question", turn.question());
            line.put("answer", turn.answer());
            line.put("answered", turn.answered());
            line.put("sources", turn.sources());
            line.put("latencyMs", turn.latencyMs());
            line.put("helpful", turn.helpful());
            line.put("comment", turn.comment());
            line.put("reader", turn.reader());
            try {
                return Json.MAPPER.writeValueAsString(line) + "\n";
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    static void csv(ServerResponse res, String domain, ConversationFilter filter, Conversations conversations) {
        stream(res, domain, filter, "text/csv; charset=utf-8", "csv", CSV_HEADER + "\r\n", conversations, turn -> String.join(",",
                cell(turn.threadId()), cell(turn.messageId()), cell(turn.at().toString()), cell(turn.channel()), cell(turn.question()),
                cell(turn.answer()), Boolean.toString(turn.answered()),
                cell(turn.sources().stream().map(s -> s.path()).collect(Collectors.joining(" "))), Long.toString(turn.latencyMs()),
                turn.helpful() == null ? "" : turn.helpful().toString(), cell(turn.comment()), cell(turn.reader())) + "\r\n");
    }

    /**
     * A view's rows as one CSV file (search analytics, page answer share, page traffic): the rows are
     * read whole (each view caps its rows), then written.
     */
    static void table(ServerResponse res, String filename, List<String> header, List<List<String>> rows) {
        Page.headers(res);
        res.header(HeaderNames.CONTENT_TYPE, "text/csv; charset=utf-8");
        res.header(HeaderNames.CONTENT_DISPOSITION, "attachment; filename=\"" + filename + "\"");
        try (OutputStream out = res.outputStream(); Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            w.write(String.join(",", header) + "\r\n");
            for (List<String> row : rows) {
                w.write(row.stream().map(Export::cell).collect(Collectors.joining(",")) + "\r\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private interface Encoder {
        String encode(Turn turn);
    }

    private static void stream(ServerResponse res, String domain, ConversationFilter filter, String type, String extension,
                               String header, Conversations conversations, Encoder encoder) {
        Page.headers(res);
        res.header(HeaderNames.CONTENT_TYPE, type);
        res.header(HeaderNames.CONTENT_DISPOSITION, "attachment; filename=\"" + domain + "-conversations-" + filter.period().from()
                + "-" + filter.period().to() + "." + extension + "\"");
        try (OutputStream out = res.outputStream(); Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            if (header != null) {
                w.write(header);
            }
            conversations.export(domain, filter, turn -> {
                try {
                    w.write(encoder.encode(turn));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String cell(String value) {
        if (value == null) {
            return "";
        }
        String v = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        return v.contains(",") || v.contains("\"") || v.contains("\n") || v.contains("\r") || !v.equals(value)
                ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
    }
}
