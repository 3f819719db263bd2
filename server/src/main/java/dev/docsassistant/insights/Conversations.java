package dev.docsassistant.insights;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.store.Database;

import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** A site's stored conversations: listed by thread, opened whole, exported turn by turn. */
public final class Conversations {
    private static final TypeReference<List<CitedPage>> SOURCES = new TypeReference<>() { };
    /** Turns read per transaction while exporting, so an export never holds the store for long. */
    static final int EXPORT_BATCH = 500;
    private static final String TURN_COLUMNS = "a.thread_id, a.message_id, a.created_at, a.channel, a.question, a.answer, "
            + "a.answered, a.sources, a.latency_ms, f.helpful, f.comment, a.reader";

    private final Database db;

    public Conversations(Database db) {
        this.db = db;
    }

    /**
     * One line of the list: a thread's first question, its size and what happened in it.
     *
     * @param reader the reader recorded in the thread (sites that record readers' identities); null otherwise
     */
    public record ThreadSummary(String threadId, String firstQuestion, Instant started, Instant last, long questions,
                                long unanswered, long helpful, long notHelpful, String reader) {
    }

    /** One page of threads (newest activity first) and whether there are more. */
    public record ThreadPage(List<ThreadSummary> threads, boolean more) {
    }

    public ThreadPage list(String domain, ConversationFilter filter, int offset, int limit) {
        return db.transaction(c -> {
            List<ThreadSummary> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT thread_id, first_question, started_at, last_at, questions, "
                    + "unanswered, helpful, not_helpful, reader FROM conversation_threads WHERE domain = ? AND last_at >= ? AND last_at < ? AND "
                    + filter.where() + " ORDER BY last_at DESC, thread_id LIMIT ? OFFSET ?")) {
                bind(ps, domain, filter);
                ps.setInt(4, limit + 1);
                ps.setInt(5, offset);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new ThreadSummary(rs.getString(1), rs.getString(2), Instant.ofEpochMilli(rs.getLong(3)),
                                Instant.ofEpochMilli(rs.getLong(4)), rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getLong(8),
                                rs.getString(9)));
                    }
                }
            }
            return new ThreadPage(List.copyOf(out.subList(0, Math.min(limit, out.size()))), out.size() > limit);
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
                        + "SELECT thread_id FROM conversation_threads WHERE domain = ? AND last_at >= ? AND last_at < ? AND "
                        + filter.where() + ") AND (a.created_at > ? OR (a.created_at = ? AND a.message_id > ?)) "
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

    /**
     * Forgets every reader's identity recorded in the site's answers and conversations (they stay,
     * asked by no one known); returns how many answers named a reader.
     */
    public int eraseReaders(String domain) {
        return db.transaction(c -> {
            int answers;
            try (PreparedStatement ps = c.prepareStatement("UPDATE answers SET reader = NULL WHERE domain = ? AND reader IS NOT NULL")) {
                ps.setString(1, domain);
                answers = ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE conversation_threads SET reader = NULL WHERE domain = ? AND reader IS NOT NULL")) {
                ps.setString(1, domain);
                ps.executeUpdate();
            }
            return answers;
        });
    }

    /** How many of the site's answers name a reader. */
    public long recordedReaders(String domain) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM answers WHERE domain = ? AND reader IS NOT NULL")) {
                ps.setString(1, domain);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    private static List<Turn> turns(PreparedStatement ps) throws SQLException {
        List<Turn> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                int helpful = rs.getInt(10);
                Boolean feedback = rs.wasNull() ? null : helpful == 1;
                out.add(new Turn(rs.getString(1), rs.getString(2), Instant.ofEpochMilli(rs.getLong(3)), Channel.labelOf(rs.getString(4)),
                        rs.getString(5), rs.getString(6), rs.getInt(7) == 1, sources(rs.getString(8)), rs.getLong(9),
                        feedback, rs.getString(11), rs.getString(12)));
            }
        }
        return out;
    }

    private static List<CitedPage> sources(String json) {
        try {
            return Mappers.JSON.readValue(json, SOURCES);
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
