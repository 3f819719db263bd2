package dev.docsassistant.insights;

import dev.docsassistant.store.Database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Feedback and gap groups as a docs team's work: each has a {@link WorkStatus} and a note, changed
 * from the dashboard. A change names the site, so an item of another site is not found.
 */
public final class InsightsWork {
    private final Database db;
    private final Clock clock;

    public InsightsWork(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Sets the status and note of a feedback item of the site; false when the site has no feedback on that message. */
    public boolean setFeedback(String domain, String messageId, WorkStatus status, String note) {
        long now = clock.millis();
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM answer_feedback WHERE message_id = ? AND domain = ?")) {
                ps.setString(1, messageId);
                ps.setString(2, domain);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return false;
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO feedback_work (message_id, domain, status, note, updated_at) "
                    + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (message_id) DO UPDATE SET status = excluded.status, note = excluded.note, "
                    + "updated_at = excluded.updated_at")) {
                ps.setString(1, messageId);
                ps.setString(2, domain);
                ps.setString(3, status.stored());
                ps.setString(4, note);
                ps.setLong(5, now);
                ps.executeUpdate();
            }
            return true;
        });
    }

    /** Sets the status and note of a gap group of the site; false when the site has no such group. */
    public boolean setGap(String domain, String groupId, WorkStatus status, String note) {
        long now = clock.millis();
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE gap_groups SET status = ?, note = ?, status_at = ? WHERE id = ? AND domain = ?")) {
                ps.setString(1, status.stored());
                ps.setString(2, note);
                ps.setLong(3, now);
                ps.setString(4, groupId);
                ps.setString(5, domain);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /** One feedback item as the feedback page lists it. */
    public record FeedbackItem(String messageId, String threadId, Instant at, boolean helpful, String comment, String question,
                               WorkStatus status, String note) {
    }

    /** The site's feedback of the period, newest first, at most {@code limit}; only of a status or rating when given. */
    public List<FeedbackItem> feedback(String domain, Period period, Optional<WorkStatus> status, Optional<Boolean> helpful, int limit) {
        return db.transaction(c -> {
            String sql = "SELECT f.message_id, f.thread_id, f.created_at, f.helpful, f.comment, a.question, COALESCE(w.status, 'open'), "
                    + "COALESCE(w.note, '') FROM answer_feedback f LEFT JOIN answers a ON a.message_id = f.message_id "
                    + "LEFT JOIN feedback_work w ON w.message_id = f.message_id WHERE f.domain = ? AND f.created_at >= ? AND f.created_at < ?"
                    + (status.isPresent() ? " AND COALESCE(w.status, 'open') = ?" : "") + (helpful.isPresent() ? " AND f.helpful = ?" : "")
                    + " ORDER BY f.created_at DESC, f.message_id LIMIT " + limit;
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int i = 1;
                ps.setString(i++, domain);
                ps.setLong(i++, period.startMillis());
                ps.setLong(i++, period.endMillis());
                if (status.isPresent()) {
                    ps.setString(i++, status.get().stored());
                }
                if (helpful.isPresent()) {
                    ps.setInt(i, helpful.get() ? 1 : 0);
                }
                List<FeedbackItem> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new FeedbackItem(rs.getString(1), rs.getString(2), Instant.ofEpochMilli(rs.getLong(3)), rs.getInt(4) == 1,
                                rs.getString(5), rs.getString(6), WorkStatus.of(rs.getString(7)), rs.getString(8)));
                    }
                }
                return out;
            }
        });
    }

    /** Retention, in its transaction: the work state of feedback that is gone goes too. */
    static int expire(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM feedback_work WHERE NOT EXISTS "
                + "(SELECT 1 FROM answer_feedback f WHERE f.message_id = feedback_work.message_id)")) {
            return ps.executeUpdate();
        }
    }
}
