package dev.docsassistant.insights;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.store.BackgroundWrites;
import dev.docsassistant.store.Database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What insights are made of, written to the store: each answer (after its {@code finish}, in the
 * background, so a stream never waits for the store), searches that found nothing, and readers'
 * feedback on answers. Each answer also updates the per-day roll-ups and its conversation's summary
 * row in the same transaction, so the insights page and the lists read a few rows per day instead
 * of every question.
 */
public final class InsightsLog {
    static final long DAY_MILLIS = Duration.ofDays(1).toMillis();
    /** How long feedback waits for the answer it is about to be written (it was queued at finish). */
    private static final Duration PENDING_ANSWER_WAIT = Duration.ofSeconds(5);
    static final int MAX_QUERY_CHARS = 500;

    private final Database db;
    private final BackgroundWrites writes;
    private final Clock clock;

    public InsightsLog(Database db, BackgroundWrites writes, Clock clock) {
        this.db = db;
        this.writes = writes;
        this.clock = clock;
    }

    /** Queues one answer for writing. */
    public void answered(AnswerRecord r) {
        String questionKey = QuestionKey.of(r.question());
        String sources = sourcesJson(r.sources());
        writes.submit("answer " + r.messageId(), c -> {
            write(c, r, questionKey, sources);
            return null;
        });
    }

    /** Writes one answer with its roll-ups in the caller's transaction (the background writer; bulk loads). */
    public static void write(Connection c, AnswerRecord r) throws SQLException {
        write(c, r, QuestionKey.of(r.question()), sourcesJson(r.sources()));
    }

    private static void write(Connection c, AnswerRecord r, String questionKey, String sources) throws SQLException {
        long at = r.at().toEpochMilli();
        long day = at / DAY_MILLIS;
        int answered = r.answered() ? 1 : 0;
        String reader = r.reader().orElse(null);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO answers (message_id, thread_id, domain, channel, "
                + "question, question_key, answer, sources, answered, latency_ms, created_at, reader) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, r.messageId());
            ps.setString(2, r.threadId());
            ps.setString(3, r.domain());
            ps.setString(4, r.channel().stored());
            ps.setString(5, r.question());
            ps.setString(6, questionKey);
            ps.setString(7, r.answer());
            ps.setString(8, sources);
            ps.setInt(9, answered);
            ps.setLong(10, r.latencyMs());
            ps.setLong(11, at);
            ps.setString(12, reader);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO question_days (domain, day, channel, questions, answered) "
                + "VALUES (?, ?, ?, 1, ?) ON CONFLICT (domain, day, channel) DO UPDATE SET questions = question_days.questions + 1, "
                + "answered = question_days.answered + excluded.answered")) {
            ps.setString(1, r.domain());
            ps.setLong(2, day);
            ps.setString(3, r.channel().stored());
            ps.setInt(4, answered);
            ps.executeUpdate();
        }
        if (!r.answered()) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO unanswered_days (domain, day, question_key, asked, example, "
                    + "last_at) VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (domain, day, question_key) DO UPDATE SET "
                    + "asked = unanswered_days.asked + 1, example = excluded.example, last_at = excluded.last_at")) {
                ps.setString(1, r.domain());
                ps.setLong(2, day);
                ps.setString(3, questionKey);
                ps.setString(4, r.question());
                ps.setLong(5, at);
                ps.executeUpdate();
            }
        }
        Map<String, String> pages = new LinkedHashMap<>();
        r.sources().forEach(s -> pages.putIfAbsent(s.page(), s.title()));
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO page_citations (domain, day, path, title, citations) "
                + "VALUES (?, ?, ?, ?, 1) ON CONFLICT (domain, day, path) DO UPDATE SET citations = page_citations.citations + 1, "
                + "title = excluded.title")) {
            for (Map.Entry<String, String> page : pages.entrySet()) {
                ps.setString(1, r.domain());
                ps.setLong(2, day);
                ps.setString(3, page.getKey());
                ps.setString(4, page.getValue());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        // A thread's reader is the first one recorded in it (a thread is one visitor's, reached with its key).
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO conversation_threads (thread_id, domain, first_question, "
                + "started_at, last_at, questions, unanswered, helpful, not_helpful, reader) VALUES (?, ?, ?, ?, ?, 1, ?, 0, 0, ?) "
                + "ON CONFLICT (thread_id) DO UPDATE SET last_at = excluded.last_at, questions = conversation_threads.questions + 1, "
                + "unanswered = conversation_threads.unanswered + excluded.unanswered, "
                + "reader = COALESCE(conversation_threads.reader, excluded.reader)")) {
            ps.setString(1, r.threadId());
            ps.setString(2, r.domain());
            ps.setString(3, r.question());
            ps.setLong(4, at);
            ps.setLong(5, at);
            ps.setInt(6, 1 - answered);
            ps.setString(7, reader);
            ps.executeUpdate();
        }
    }

    /** Queues a search that found nothing; the query is kept lower-cased and trimmed, so repeats count together. */
    public void searchMissed(String domain, Channel channel, String query) {
        String normalized = query.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        String kept = normalized.length() > MAX_QUERY_CHARS ? normalized.substring(0, MAX_QUERY_CHARS) : normalized;
        long at = clock.millis();
        writes.submit("search miss", c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO search_misses (domain, channel, query, created_at) VALUES (?, ?, ?, ?)")) {
                ps.setString(1, domain);
                ps.setString(2, channel.stored());
                ps.setString(3, kept);
                ps.setLong(4, at);
                return ps.executeUpdate();
            }
        });
    }

    /**
     * Records a reader's feedback on one answer; giving it again replaces it. False when the site has no
     * such answer in that thread (unknown, or removed by retention).
     */
    public boolean feedback(String domain, String threadId, String messageId, boolean helpful, String comment) {
        writes.flush(PENDING_ANSWER_WAIT); // an answer just finished may still be queued
        long now = clock.millis();
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT 1 FROM answers WHERE message_id = ? AND thread_id = ? AND domain = ?")) {
                ps.setString(1, messageId);
                ps.setString(2, threadId);
                ps.setString(3, domain);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return false;
                    }
                }
            }
            writeFeedback(c, domain, threadId, messageId, helpful, comment, now);
            return true;
        });
    }

    /** Writes (or replaces) feedback on an answer and recounts its conversation's, in the caller's transaction. */
    public static void writeFeedback(Connection c, String domain, String threadId, String messageId, boolean helpful,
                                     String comment, long at) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO answer_feedback (message_id, domain, thread_id, helpful, "
                + "comment, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO UPDATE SET "
                + "helpful = excluded.helpful, comment = excluded.comment, created_at = excluded.created_at")) {
            ps.setString(1, messageId);
            ps.setString(2, domain);
            ps.setString(3, threadId);
            ps.setInt(4, helpful ? 1 : 0);
            if (comment == null || comment.isBlank()) {
                ps.setNull(5, Types.VARCHAR);
            } else {
                ps.setString(5, comment.strip());
            }
            ps.setLong(6, at);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("UPDATE conversation_threads SET "
                + "helpful = (SELECT COUNT(*) FROM answer_feedback WHERE thread_id = ? AND helpful = 1), "
                + "not_helpful = (SELECT COUNT(*) FROM answer_feedback WHERE thread_id = ? AND helpful = 0) WHERE thread_id = ?")) {
            ps.setString(1, threadId);
            ps.setString(2, threadId);
            ps.setString(3, threadId);
            ps.executeUpdate();
        }
    }

    static String sourcesJson(List<CitedPage> sources) {
        try {
            return Mappers.JSON.writeValueAsString(sources); // records keep their field order: path, title
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
