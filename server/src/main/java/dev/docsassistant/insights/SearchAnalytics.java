package dev.docsassistant.insights;

import dev.docsassistant.store.Database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A site's searches over a period, per normalised query: how often searched, how often nothing was
 * found, how many searches had a result opened (click-through). Index ranges over (domain, time).
 */
public final class SearchAnalytics {
    /** Rows an export holds at most: the long tail beyond is single searches. */
    public static final int EXPORT_ROWS = 10_000;
    private static final String GROUPED = "SELECT query, COUNT(*), SUM(CASE WHEN results > 0 THEN 1 ELSE 0 END), "
            + "SUM(CASE WHEN clicks > 0 THEN 1 ELSE 0 END), AVG(results) FROM searches WHERE domain = ? AND created_at >= ? "
            + "AND created_at < ? GROUP BY query ";

    private final Database db;

    public SearchAnalytics(Database db) {
        this.db = db;
    }

    /**
     * One query's searches in the period.
     *
     * @param withResults searches that found something
     * @param opened      searches of those where a result was opened
     */
    public record QueryRow(String query, long searches, long withResults, long opened, double averageResults) {
        /** Opened searches per search that found something (0 when none did). */
        public double clickThrough() {
            return withResults == 0 ? 0 : (double) opened / withResults;
        }
    }

    /** The period's totals. */
    public record Summary(long searches, long noResults, long opened) {
    }

    public Summary summary(String domain, Period period) {
        return db.transaction(c -> {
            try (PreparedStatement ps = ranged(c, "SELECT COUNT(*), SUM(CASE WHEN results = 0 THEN 1 ELSE 0 END), "
                    + "SUM(CASE WHEN clicks > 0 THEN 1 ELSE 0 END) FROM searches WHERE domain = ? AND created_at >= ? AND created_at < ?",
                    domain, period); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Summary(rs.getLong(1), rs.getLong(2), rs.getLong(3));
            }
        });
    }

    /** The most searched queries, most first. */
    public List<QueryRow> topQueries(String domain, Period period, int limit) {
        return rows(domain, period, "ORDER BY COUNT(*) DESC, query LIMIT " + limit, -1);
    }

    /** Queries that found nothing at least once, most often first. */
    public List<QueryRow> noResults(String domain, Period period, int limit) {
        return rows(domain, period, "HAVING SUM(CASE WHEN results = 0 THEN 1 ELSE 0 END) > 0 "
                + "ORDER BY SUM(CASE WHEN results = 0 THEN 1 ELSE 0 END) DESC, query LIMIT " + limit, -1);
    }

    /**
     * Queries that found something at least {@code minSearches} times, lowest click-through first:
     * results nobody opens point at a page that does not answer what was searched.
     */
    public List<QueryRow> unopened(String domain, Period period, int minSearches, int limit) {
        return rows(domain, period, "HAVING SUM(CASE WHEN results > 0 THEN 1 ELSE 0 END) >= ? "
                + "ORDER BY SUM(CASE WHEN clicks > 0 THEN 1.0 ELSE 0 END) / SUM(CASE WHEN results > 0 THEN 1 ELSE 0 END), "
                + "COUNT(*) DESC, query LIMIT " + limit, Math.max(1, minSearches));
    }

    /** Every query of the period (at most {@link #EXPORT_ROWS}), most searched first: the export's rows. */
    public List<QueryRow> queryRows(String domain, Period period) {
        return rows(domain, period, "ORDER BY COUNT(*) DESC, query LIMIT " + EXPORT_ROWS, -1);
    }

    private List<QueryRow> rows(String domain, Period period, String tail, int having) {
        return db.transaction(c -> {
            List<QueryRow> out = new ArrayList<>();
            try (PreparedStatement ps = ranged(c, GROUPED + tail, domain, period)) {
                if (having >= 0) {
                    ps.setInt(4, having);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new QueryRow(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getDouble(5)));
                    }
                }
            }
            return out;
        });
    }

    private static PreparedStatement ranged(Connection c, String sql, String domain, Period p) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        ps.setString(1, domain);
        ps.setLong(2, p.startMillis());
        ps.setLong(3, p.endMillis());
        return ps;
    }
}
