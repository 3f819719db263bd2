package dev.docsassistant.insights;

import dev.docsassistant.store.Database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a site's {@link InsightsReport} for a period from the store. Counts, unanswered wordings and
 * citations come from per-day roll-ups ({@link InsightsLog} keeps them), so the page reads rows per
 * day and wording, not per question; feedback and empty searches are index ranges over (domain, time).
 */
public final class InsightsQuery {
    private static final long DAY_MILLIS = InsightsLog.DAY_MILLIS;
    /** Distinct unanswered wordings considered for grouping; the rest are the long tail of single questions. */
    static final int UNANSWERED_KEYS = 500;
    static final int LISTED = 20;
    static final int COMMENTS = 50;

    private final Database db;

    public InsightsQuery(Database db) {
        this.db = db;
    }

    public InsightsReport report(String domain, Period period) {
        return db.transaction(c -> new InsightsReport(period,
                days(c, domain, period),
                channels(c, domain, period),
                NearDuplicates.merge(unansweredKeys(c, domain, period), LISTED),
                citedPages(c, domain, period),
                emptySearches(c, domain, period),
                feedbackCount(c, domain, period, 1),
                feedbackCount(c, domain, period, 0),
                comments(c, domain, period)));
    }

    private static List<InsightsReport.Day> days(Connection c, String domain, Period p) throws SQLException {
        Map<LocalDate, InsightsReport.Day> byDay = new LinkedHashMap<>();
        for (LocalDate d = p.from(); !d.isAfter(p.to()); d = d.plusDays(1)) {
            byDay.put(d, new InsightsReport.Day(d, 0, 0));
        }
        try (PreparedStatement ps = byDay(c, "SELECT day, SUM(questions), SUM(answered) FROM question_days "
                + "WHERE domain = ? AND day >= ? AND day < ? GROUP BY day", domain, p); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                LocalDate d = LocalDate.ofEpochDay(rs.getLong(1));
                byDay.put(d, new InsightsReport.Day(d, rs.getLong(2), rs.getLong(3)));
            }
        }
        return List.copyOf(byDay.values());
    }

    private static List<InsightsReport.ChannelCount> channels(Connection c, String domain, Period p) throws SQLException {
        List<InsightsReport.ChannelCount> out = new ArrayList<>();
        try (PreparedStatement ps = byDay(c, "SELECT channel, SUM(questions), SUM(answered) FROM question_days "
                + "WHERE domain = ? AND day >= ? AND day < ? GROUP BY channel ORDER BY channel", domain, p);
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new InsightsReport.ChannelCount(Channel.labelOf(rs.getString(1)), rs.getLong(2), rs.getLong(3)));
            }
        }
        return out;
    }

    private static List<NearDuplicates.KeyCount> unansweredKeys(Connection c, String domain, Period p) throws SQLException {
        List<NearDuplicates.KeyCount> out = new ArrayList<>();
        try (PreparedStatement ps = byDay(c, "SELECT question_key, SUM(asked), MAX(example), MAX(last_at) FROM unanswered_days "
                + "WHERE domain = ? AND day >= ? AND day < ? GROUP BY question_key "
                + "ORDER BY SUM(asked) DESC, MAX(last_at) DESC LIMIT " + UNANSWERED_KEYS, domain, p); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new NearDuplicates.KeyCount(rs.getString(1), rs.getLong(2), rs.getString(3), Instant.ofEpochMilli(rs.getLong(4))));
            }
        }
        return out;
    }

    private static List<InsightsReport.PageCount> citedPages(Connection c, String domain, Period p) throws SQLException {
        List<InsightsReport.PageCount> out = new ArrayList<>();
        try (PreparedStatement ps = byDay(c, "SELECT path, MAX(title), SUM(citations) FROM page_citations "
                + "WHERE domain = ? AND day >= ? AND day < ? GROUP BY path ORDER BY SUM(citations) DESC, path LIMIT " + LISTED, domain, p);
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new InsightsReport.PageCount(rs.getString(1), rs.getString(2), rs.getLong(3)));
            }
        }
        return out;
    }

    private static List<InsightsReport.QueryCount> emptySearches(Connection c, String domain, Period p) throws SQLException {
        List<InsightsReport.QueryCount> out = new ArrayList<>();
        try (PreparedStatement ps = ranged(c, "SELECT query, COUNT(*) FROM search_misses WHERE domain = ? AND created_at >= ? "
                + "AND created_at < ? GROUP BY query ORDER BY COUNT(*) DESC, query LIMIT " + LISTED, domain, p);
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new InsightsReport.QueryCount(rs.getString(1), rs.getLong(2)));
            }
        }
        return out;
    }

    private static long feedbackCount(Connection c, String domain, Period p, int helpful) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM answer_feedback WHERE domain = ? "
                + "AND created_at >= ? AND created_at < ? AND helpful = " + helpful)) {
            bind(ps, domain, p);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    private static List<InsightsReport.Comment> comments(Connection c, String domain, Period p) throws SQLException {
        List<InsightsReport.Comment> out = new ArrayList<>();
        try (PreparedStatement ps = ranged(c, "SELECT f.helpful, f.comment, a.question, f.thread_id, f.created_at, a.reader "
                + "FROM answer_feedback f LEFT JOIN answers a ON a.message_id = f.message_id WHERE f.domain = ? "
                + "AND f.created_at >= ? AND f.created_at < ? AND f.comment IS NOT NULL ORDER BY f.created_at DESC LIMIT " + COMMENTS,
                domain, p); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new InsightsReport.Comment(rs.getInt(1) == 1, rs.getString(2), rs.getString(3), rs.getString(4),
                        Instant.ofEpochMilli(rs.getLong(5)), rs.getString(6)));
            }
        }
        return out;
    }

    /** A statement over the per-day roll-ups: domain, first day, first day after. */
    private static PreparedStatement byDay(Connection c, String sql, String domain, Period p) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        ps.setString(1, domain);
        ps.setLong(2, p.startMillis() / DAY_MILLIS);
        ps.setLong(3, p.endMillis() / DAY_MILLIS);
        return ps;
    }

    private static PreparedStatement ranged(Connection c, String sql, String domain, Period p) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        bind(ps, domain, p);
        return ps;
    }

    private static void bind(PreparedStatement ps, String domain, Period p) throws SQLException {
        ps.setString(1, domain);
        ps.setLong(2, p.startMillis());
        ps.setLong(3, p.endMillis());
    }
}
