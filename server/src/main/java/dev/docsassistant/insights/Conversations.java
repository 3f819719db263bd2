package dev.docsassistant.insights;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.store.Database;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** A site's stored conversations: listed by thread, opened whole, exported turn by turn. */
public final class Conversations {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<CitedPage>> SOURCES = new TypeReference<>() { };
    /** Turns read per transaction while exporting, so an export never holds the store for long. */
    static final int EXPORT_BATCH = 500;
    private static final String TURN_COLUMNS = "a.thread_id, a.message_id, a.created_at, a.channel, a.question, a.answer, "
            + "a.answered, a.sources, a.latency_ms, f.helpful, f.comment";

    private final Database db;

    public Conversations(Database db) {
        this.db = db;
    }

    /** One line of the list: a thread's first question, its size and what happened in it. */
    public record ThreadSummary(String threadId, String firstQuestion, Instant started, Instant last, long questions,
                                long unanswered, long helpful, long notHelpful) {
    }

    /** One page of threads (newest activity first) and whether there are more. */
    public record ThreadPage(List<ThreadSummary> threads, boolean more) {
    }

    public ThreadPage list(String domain, ConversationFilter filter, int offset, int limit) {
        return db.transaction(c -> {
            List<ThreadSummary> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT a.thread_id, MIN(a.created_at), MAX(a.created_at), COUNT(*), "
                    + "SUM(1 - a.answered), SUM(CASE WHEN f.helpful = 1 THEN 1 ELSE 0 END), "
                    + "SUM(CASE WHEN f.helpful = 0 THEN 1 ELSE 0 END) FROM answers a "
                    + "LEFT JOIN answer_feedback f ON f.message_id = a.message_id "
                    + "WHERE a.domain = ? AND a.created_at >= ? AND a.created_at < ? GROUP BY a.thread_id HAVING " + filter.having()
                    + " ORDER BY MAX(a.created_at) DESC, a.thread_id LIMIT ? OFFSET ?")) {
                bind(ps, domain, filter);
                ps.setInt(4, limit + 1);
                ps.setInt(5, offset);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new ThreadSummary(rs.getString(1), null, Instant.ofEpochMilli(rs.getLong(2)),
                                Instant.ofEpochMilli(rs.getLong(3)), rs.getLong(4), rs.getLong(5), rs.getLong(6), rs.getLong(7)));
                    }
                }
            }
            boolean more = out.size() > limit;
            List<ThreadSummary> shown = new ArrayList<>();
            for (ThreadSummary t : out.subList(0, Math.min(limit, out.size()))) {
                shown.add(new ThreadSummary(t.threadId(), firstQuestion(c, t.threadId()), t.started(), t.last(), t.questions(),
                        t.unanswered(), t.helpful(), t.notHelpful()));
            }
            return new ThreadPage(shown, more);
        });
    }

    /** The thread's turns in order; empty when the site has no such thread. */
    public List<Turn> thread(String domain, String threadId) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + TURN_COLUMNS + " FROM answers a "
                    + "LEFT JOIN answer_feedback f ON f.message_id = a.message_id WHERE a.domain = ? AND a.thread_id = ? "
                    + "ORDER BY a.created_at, a.message_id")) {
                ps.setString(1, domain);
                ps.setString(2, threadId);
                return turns(ps);
            }
        });
    }

    /**
     * Hands every turn of the threads the filter selects to {@code sink}, oldest first, reading
     * {@link #EXPORT_BATCH} at a time (the store is free between batches while the sink writes).
     */
    public void export(String domain, ConversationFilter filter, Consumer<Turn> sink) {
        long afterTime = Long.MIN_VALUE;
        String afterId = "";
        while (true) {
            long t = afterTime;
            String id = afterId;
            List<Turn> batch = db.transaction(c -> {
                try (PreparedStatement ps = c.prepareStatement("SELECT " + TURN_COLUMNS + " FROM answers a "
                        + "LEFT JOIN answer_feedback f ON f.message_id = a.message_id WHERE a.domain = ? AND a.thread_id IN ("
                        + "SELECT a.thread_id FROM answers a LEFT JOIN answer_feedback f ON f.message_id = a.message_id "
                        + "WHERE a.domain = ? AND a.created_at >= ? AND a.created_at < ? GROUP BY a.thread_id HAVING " + filter.having()
                        + ") AND (a.created_at > ? OR (a.created_at = ? AND a.message_id > ?)) "
                        + "ORDER BY a.created_at, a.message_id LIMIT " + EXPORT_BATCH)) {
                    ps.setString(1, domain);
                    ps.setString(2, domain);
                    ps.setLong(3, filter.period().startMillis());
                    ps.setLong(4, filter.period().endMillis());
                    ps.setLong(5, t);
                    ps.setLong(6, t);
                    ps.setString(7, id);
                    return turns(ps);
                }
            });
            batch.forEach(sink);
            if (batch.size() < EXPORT_BATCH) {
                return;
            }
            Turn last = batch.get(batch.size() - 1);
            afterTime = last.at().toEpochMilli();
            afterId = last.messageId();
        }
    }

    private static String firstQuestion(Connection c, String threadId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT question FROM answers WHERE thread_id = ? ORDER BY created_at, message_id LIMIT 1")) {
            ps.setString(1, threadId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : "";
            }
        }
    }

    private static List<Turn> turns(PreparedStatement ps) throws SQLException {
        List<Turn> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                int helpful = rs.getInt(10);
                Boolean feedback = rs.wasNull() ? null : helpful == 1;
                out.add(new Turn(rs.getString(1), rs.getString(2), Instant.ofEpochMilli(rs.getLong(3)), Channel.labelOf(rs.getString(4)),
                        rs.getString(5), rs.getString(6), rs.getInt(7) == 1, sources(rs.getString(8)), rs.getLong(9),
                        feedback, rs.getString(11)));
            }
        }
        return out;
    }

    private static List<CitedPage> sources(String json) {
        try {
            return JSON.readValue(json, SOURCES);
        } catch (IOException e) {
            return List.of();
        }
    }

    private static void bind(PreparedStatement ps, String domain, ConversationFilter filter) throws SQLException {
        ps.setString(1, domain);
        ps.setLong(2, filter.period().startMillis());
        ps.setLong(3, filter.period().endMillis());
    }
}
