package dev.docsassistant.insights;

import dev.docsassistant.store.BackgroundWrites;
import dev.docsassistant.store.Database;

import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Types;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;

/**
 * Feedback that names its channel (MCP's {@code feedback} tool): on an answer, kept as the answer's
 * feedback like a reader's (with the channel), and on a page, kept in {@code page_feedback}.
 */
public final class AgentFeedback {
    private static final Duration PENDING_ANSWER_WAIT = Duration.ofSeconds(5);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Database db;
    private final BackgroundWrites writes;
    private final Clock clock;

    public AgentFeedback(Database db, BackgroundWrites writes, Clock clock) {
        this.db = db;
        this.writes = writes;
        this.clock = clock;
    }

    /**
     * Feedback on an answer of the site; {@code threadId} may be null (the message names its thread).
     * False when the site has no such answer (in that thread).
     */
    public boolean onAnswer(String domain, String threadId, String messageId, boolean helpful, String comment, Channel channel) {
        writes.flush(PENDING_ANSWER_WAIT); // an answer just finished may still be queued
        long now = clock.millis();
        return db.transaction(c -> {
            String thread;
            try (PreparedStatement ps = c.prepareStatement("SELECT thread_id FROM answers WHERE message_id = ? AND domain = ?")) {
                ps.setString(1, messageId);
                ps.setString(2, domain);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return false;
                    }
                    thread = rs.getString(1);
                }
            }
            if (threadId != null && !threadId.equals(thread)) {
                return false;
            }
            InsightsLog.writeFeedback(c, domain, thread, messageId, helpful, comment, now);
            try (PreparedStatement ps = c.prepareStatement("UPDATE answer_feedback SET channel = ? WHERE message_id = ?")) {
                ps.setString(1, channel.stored());
                ps.setString(2, messageId);
                ps.executeUpdate();
            }
            return true;
        });
    }

    /** Feedback on a page of the site (its path, checked by the caller); the page answer share counts it. */
    public void onPage(String domain, String path, boolean helpful, String comment, String channel) {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        String id = "pfb_" + HexFormat.of().formatHex(bytes);
        long now = clock.millis();
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO page_feedback (id, domain, path, channel, helpful, comment, "
                    + "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, id);
                ps.setString(2, domain);
                ps.setString(3, path);
                ps.setString(4, channel);
                ps.setInt(5, helpful ? 1 : 0);
                if (comment == null || comment.isBlank()) {
                    ps.setNull(6, Types.VARCHAR);
                } else {
                    ps.setString(6, comment.strip());
                }
                ps.setLong(7, now);
                return ps.executeUpdate();
            }
        });
    }
}
