package dev.docsassistant.insights;

import dev.docsassistant.store.Database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The insights a site's team can export (dashboard and {@code GET /v1/insights/{domain}/{dataset}}),
 * by name. Each reads one site's rows of a period, oldest first, streamed as read. Add a dataset with
 * {@link #register}; the export routes, the dashboard's links and the API take it from here.
 */
public final class InsightsDatasets {
    /** Reads the rows of one site and period in the caller's transaction, one list of values (in column order) each. */
    public interface Rows {
        void read(Connection c, String domain, Period period, Consumer<List<Object>> row) throws SQLException;
    }

    /** Reads the rows of one site and period through the store's readers (which open their own transactions). */
    public interface StoreRows {
        void read(Database db, String domain, Period period, Consumer<List<Object>> row);
    }

    /** @param rows SQL in the export's transaction, or null when {@code storeRows} reads them */
    public record Dataset(String name, String description, List<String> columns, Rows rows, StoreRows storeRows) {
        public Dataset {
            columns = List.copyOf(columns);
        }

        public Dataset(String name, String description, List<String> columns, Rows rows) {
            this(name, description, columns, rows, null);
        }
    }

    private static final Map<String, Dataset> REGISTRY = new LinkedHashMap<>();

    static {
        register(new Dataset("questions", "each question and its answer", List.of("message_id", "thread_id", "created_at", "channel",
                "question", "answer", "answered", "sources", "latency_ms", "helpful", "comment", "reader"), (c, domain, p, row) ->
                rows(c, "SELECT a.message_id, a.thread_id, a.created_at, a.channel, a.question, a.answer, a.answered, a.sources, "
                        + "a.latency_ms, f.helpful, f.comment, a.reader FROM answers a LEFT JOIN answer_feedback f ON f.message_id = a.message_id "
                        + "WHERE a.domain = ? AND a.created_at >= ? AND a.created_at < ? ORDER BY a.created_at, a.message_id", domain, p,
                        rs -> row.accept(values(rs.getString(1), rs.getString(2), time(rs, 3), Channel.labelOf(rs.getString(4)),
                                rs.getString(5), rs.getString(6), rs.getInt(7) == 1, paths(rs.getString(8)), rs.getLong(9),
                                bool(rs, 10), rs.getString(11), rs.getString(12))))));
        register(new Dataset("feedback", "readers' feedback on answers, with its status and note", List.of("message_id", "thread_id",
                "created_at", "helpful", "comment", "question", "status", "note", "status_changed_at"), (c, domain, p, row) ->
                rows(c, "SELECT f.message_id, f.thread_id, f.created_at, f.helpful, f.comment, a.question, w.status, w.note, w.updated_at "
                        + "FROM answer_feedback f LEFT JOIN answers a ON a.message_id = f.message_id LEFT JOIN feedback_work w "
                        + "ON w.message_id = f.message_id WHERE f.domain = ? AND f.created_at >= ? AND f.created_at < ? "
                        + "ORDER BY f.created_at, f.message_id", domain, p,
                        rs -> row.accept(values(rs.getString(1), rs.getString(2), time(rs, 3), rs.getInt(4) == 1, rs.getString(5),
                                rs.getString(6), rs.getString(7) == null ? WorkStatus.OPEN.stored() : rs.getString(7),
                                rs.getString(8) == null ? "" : rs.getString(8), time(rs, 9))))));
        register(new Dataset("gaps", "gap groups with questions in the period, most asked first", List.of("group_id", "label",
                "status", "note", "questions", "last_asked", "reopened_at", "status_changed_at"), (c, domain, p, row) ->
                rows(c, "SELECT g.id, g.label, g.status, g.note, COUNT(*), g.last_at, g.reopened_at, g.status_at FROM gap_members m "
                        + "JOIN gap_groups g ON g.id = m.group_id WHERE m.domain = ? AND m.created_at >= ? AND m.created_at < ? "
                        + "GROUP BY g.id, g.label, g.status, g.note, g.last_at, g.reopened_at, g.status_at ORDER BY COUNT(*) DESC, g.id",
                        domain, p, rs -> row.accept(values(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                rs.getLong(5), time(rs, 6), time(rs, 7), time(rs, 8))))));
        register(new Dataset("gap-questions", "each question of a gap group", List.of("group_id", "kind", "question", "created_at",
                "sources"), (c, domain, p, row) ->
                rows(c, "SELECT group_id, kind, text, created_at, sources FROM gap_members WHERE domain = ? AND created_at >= ? "
                        + "AND created_at < ? ORDER BY created_at, id", domain, p,
                        rs -> row.accept(values(rs.getString(1), rs.getString(2), rs.getString(3), time(rs, 4),
                                paths(rs.getString(5)))))));
        // What the dashboard's Search, Pages and Agents views show, row for row.
        register(new Dataset("searches", "queries of the period with how often they found something and a result was opened",
                List.of("query", "searches", "with_results", "opened", "average_results", "click_through"), null, (StoreRows) (db, domain, p, row) ->
                new SearchAnalytics(db).queryRows(domain, p).forEach(r -> row.accept(values(r.query(), r.searches(),
                        r.withResults(), r.opened(), r.averageResults(), r.clickThrough())))));
        register(new Dataset("page-share", "each page cited or rated: answers citing it, their ratings, its answer share",
                List.of("path", "title", "cited", "helpful", "not_helpful", "unrated", "answer_share", "page_helpful",
                        "page_not_helpful"), null, (StoreRows) (db, domain, p, row) ->
                new PageShare(db).rows(domain, p).forEach(r -> row.accept(values(r.path(), r.title(), r.cited(), r.helpful(),
                        r.notHelpful(), r.unrated(), r.answerShare(), r.pageHelpful(), r.pageNotHelpful())))));
        register(new Dataset("page-traffic", "page reads per day by audience (browser readers, MCP, .md and llms.txt, AI crawlers)",
                List.of("day", "path", "audience", "hits"), null, (StoreRows) (db, domain, p, row) ->
                new TrafficReport(db).rows(domain, p).forEach(r -> row.accept(values(r.day().toString(), r.path(),
                        r.audience().stored(), r.hits())))));
    }

    private InsightsDatasets() {
    }

    /** Adds (or replaces) a dataset; the export routes offer it at once. */
    public static synchronized void register(Dataset dataset) {
        REGISTRY.put(dataset.name(), dataset);
    }

    public static synchronized Optional<Dataset> get(String name) {
        return Optional.ofNullable(REGISTRY.get(name));
    }

    public static synchronized Collection<Dataset> all() {
        return List.copyOf(REGISTRY.values());
    }

    /** Writes one site's rows of the period to {@code out}, as read. */
    public static void write(Database db, Dataset dataset, String domain, Period period, ExportFormat format, Writer out) {
        try {
            out.write(format.header(dataset.columns()));
            if (dataset.storeRows() != null) {
                dataset.storeRows().read(db, domain, period, values -> {
                    try {
                        out.write(format.row(dataset.columns(), values));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                out.flush();
                return;
            }
            db.transaction(c -> {
                dataset.rows().read(c, domain, period, values -> {
                    try {
                        out.write(format.row(dataset.columns(), values));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                return null;
            });
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    private static void rows(Connection c, String sql, String domain, Period p, RowReader reader) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, domain);
            ps.setLong(2, p.startMillis());
            ps.setLong(3, p.endMillis());
            ps.setFetchSize(500);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    reader.read(rs);
                }
            }
        }
    }

    private static List<Object> values(Object... values) {
        List<Object> out = new ArrayList<>(values.length);
        java.util.Collections.addAll(out, values);
        return out;
    }

    private static String time(ResultSet rs, int column) throws SQLException {
        long millis = rs.getLong(column);
        return rs.wasNull() ? null : Instant.ofEpochMilli(millis).toString();
    }

    private static Boolean bool(ResultSet rs, int column) throws SQLException {
        int v = rs.getInt(column);
        return rs.wasNull() ? null : v == 1;
    }

    private static List<String> paths(String sourcesJson) {
        return GapQuery.sources(sourcesJson).stream().map(CitedPage::path).toList();
    }
}
