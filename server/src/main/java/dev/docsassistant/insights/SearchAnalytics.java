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
    /**
     * A period's searches grouped by query. {@code +created_at} keeps SQLite's planner (3.51) off the
     * time index: with a bound range it chose {@code searches_domain_time}, a lookup per search and a
     * sort of every group (0.5 s for 100,000 searches), where the covering {@code searches_domain_query}
     * yields the groups in order (PostgreSQL reads the unary plus as a no-op).
     */
    private static final String GROUPED = "SELECT query, COUNT(*), SUM(CASE WHEN results > 0 THEN 1 ELSE 0 END), "
            + "SUM(CASE WHEN clicks > 0 THEN 1 ELSE 0 END), AVG(results) FROM searches WHERE domain = ? AND +created_at >= ? "
            + "AND +created_at < ? GROUP BY query ";

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

    /**
     * What the dashboard's Search view shows, from one pass over the period's searches grouped by query
     * (the index {@code searches_domain_query} yields the groups in order): the totals, the most searched
     * queries, those that found nothing at least once, and those found at least {@code minSearches}
     * times with the lowest click-through: the totals in one scan of the covering index, the lists in
     * another that hands Java only the queries able to rank.
     */
    public record Report(Summary summary, List<QueryRow> top, List<QueryRow> noResults, List<QueryRow> unopened) {
    }

    public Report report(String domain, Period period, int minSearches, int limit) {
        java.util.Comparator<QueryRow> byQuery = java.util.Comparator.comparing(QueryRow::query);
        java.util.Comparator<QueryRow> top = java.util.Comparator.comparingLong(QueryRow::searches).reversed().thenComparing(byQuery);
        java.util.Comparator<QueryRow> misses = java.util.Comparator.comparingLong((QueryRow q) -> q.searches() - q.withResults())
                .reversed().thenComparing(byQuery);
        java.util.Comparator<QueryRow> unopened = java.util.Comparator.comparingDouble(QueryRow::clickThrough)
                .thenComparing(java.util.Comparator.comparingLong(QueryRow::searches).reversed()).thenComparing(byQuery);
        Best topQueries = new Best(top, limit);
        Best noResults = new Best(misses, limit);
        Best lowest = new Best(unopened, limit);
        long[] totals = new long[3];
        int min = Math.max(1, minSearches);
        db.transaction(c -> {
            try (PreparedStatement ps = ranged(c, "SELECT COUNT(*), SUM(CASE WHEN results = 0 THEN 1 ELSE 0 END), "
                    + "SUM(CASE WHEN clicks > 0 THEN 1 ELSE 0 END) FROM searches WHERE domain = ? AND +created_at >= ? "
                    + "AND +created_at < ?", domain, period); ResultSet rs = ps.executeQuery()) {
                rs.next();
                totals[0] = rs.getLong(1);
                totals[1] = rs.getLong(2);
                totals[2] = rs.getLong(3);
            }
            // Only the queries that can rank reach Java: searched more than once, found nothing once, or
            // found often enough; a log's long tail of single searches stays in the database.
            try (PreparedStatement ps = ranged(c, GROUPED + "HAVING COUNT(*) > 1 OR SUM(CASE WHEN results = 0 THEN 1 ELSE 0 END) > 0 "
                    + "OR SUM(CASE WHEN results > 0 THEN 1 ELSE 0 END) >= ?", domain, period)) {
                ps.setInt(4, min);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        QueryRow q = row(rs);
                        topQueries.offer(q);
                        if (q.searches() > q.withResults()) {
                            noResults.offer(q);
                        }
                        if (q.withResults() >= min) {
                            lowest.offer(q);
                        }
                    }
                }
            }
            if (topQueries.size() < limit && min > 1) {
                // A quiet period: searches made once that found something fill the top list, by name
                // (with min 1 they are all in it already; those that found nothing always are).
                try (PreparedStatement ps = ranged(c, GROUPED + "HAVING COUNT(*) = 1 AND SUM(CASE WHEN results > 0 THEN 1 ELSE 0 END) = 1 "
                        + "ORDER BY query LIMIT " + limit, domain, period); ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        topQueries.offer(row(rs));
                    }
                }
            }
            return null;
        });
        return new Report(new Summary(totals[0], totals[1], totals[2]), topQueries.sorted(), noResults.sorted(), lowest.sorted());
    }

    /** The {@code limit} first rows by an order, kept while rows stream past (a bounded heap, worst on top). */
    private static final class Best {
        private final java.util.Comparator<QueryRow> order;
        private final int limit;
        private final java.util.PriorityQueue<QueryRow> heap;

        Best(java.util.Comparator<QueryRow> order, int limit) {
            this.order = order;
            this.limit = limit;
            this.heap = new java.util.PriorityQueue<>(order.reversed());
        }

        void offer(QueryRow q) {
            if (heap.size() < limit) {
                heap.add(q);
            } else if (limit > 0 && order.compare(q, heap.peek()) < 0) {
                heap.poll();
                heap.add(q);
            }
        }

        int size() {
            return heap.size();
        }

        List<QueryRow> sorted() {
            List<QueryRow> out = new ArrayList<>(heap);
            out.sort(order);
            return out;
        }
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

    private static QueryRow row(ResultSet rs) throws SQLException {
        return new QueryRow(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getDouble(5));
    }

    private static PreparedStatement ranged(Connection c, String sql, String domain, Period p) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        ps.setString(1, domain);
        ps.setLong(2, p.startMillis());
        ps.setLong(3, p.endMillis());
        return ps;
    }
}
