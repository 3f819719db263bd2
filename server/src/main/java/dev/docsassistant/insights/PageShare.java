package dev.docsassistant.insights;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.store.Database;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each page's share of the answers of a period: how often answers cited it (the per-day roll-up) and
 * how readers rated those answers, plus what agents said about the page itself (MCP feedback). Only
 * rated answers are read one by one, and feedback is a small part of the answers.
 */
public final class PageShare {
    private static final TypeReference<List<CitedPage>> SOURCES = new TypeReference<>() { };

    private final Database db;

    public PageShare(Database db) {
        this.db = db;
    }

    /**
     * One page: answers citing it, how those were rated (unrated = the rest), its share of the period's
     * answered questions, and feedback on the page itself (agents through MCP, the REST feedback endpoint).
     */
    public record PageRow(String path, String title, long cited, long helpful, long notHelpful, long unrated, double answerShare,
                          long pageHelpful, long pageNotHelpful) {
    }

    /** Every page cited or rated in the period, most cited first (the export's rows too). */
    public List<PageRow> rows(String domain, Period period) {
        return db.transaction(c -> {
            Map<String, long[]> counts = new HashMap<>(); // cited, helpful, not helpful, page helpful, page not helpful
            Map<String, String> titles = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT path, MAX(title), SUM(citations) FROM page_citations "
                    + "WHERE domain = ? AND day >= ? AND day < ? GROUP BY path")) {
                byDay(ps, domain, period);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        titles.put(rs.getString(1), rs.getString(2));
                        counts.computeIfAbsent(rs.getString(1), k -> new long[5])[0] = rs.getLong(3);
                    }
                }
            }
            // Rated answers of the period; feedback comes after its answer, so its time bounds the scan from below.
            try (PreparedStatement ps = c.prepareStatement("SELECT a.sources, f.helpful FROM answer_feedback f "
                    + "JOIN answers a ON a.message_id = f.message_id WHERE f.domain = ? AND f.created_at >= ? "
                    + "AND a.created_at >= ? AND a.created_at < ?")) {
                ps.setString(1, domain);
                ps.setLong(2, period.startMillis());
                ps.setLong(3, period.startMillis());
                ps.setLong(4, period.endMillis());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        int column = rs.getInt(2) == 1 ? 1 : 2;
                        for (String page : pages(rs.getString(1))) {
                            counts.computeIfAbsent(page, k -> new long[5])[column]++;
                        }
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT path, SUM(helpful), SUM(1 - helpful) FROM page_feedback "
                    + "WHERE domain = ? AND created_at >= ? AND created_at < ? GROUP BY path")) {
                ps.setString(1, domain);
                ps.setLong(2, period.startMillis());
                ps.setLong(3, period.endMillis());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long[] n = counts.computeIfAbsent(rs.getString(1), k -> new long[5]);
                        n[3] = rs.getLong(2);
                        n[4] = rs.getLong(3);
                    }
                }
            }
            long answered = answered(c, domain, period);
            List<PageRow> out = new ArrayList<>();
            counts.forEach((path, n) -> out.add(new PageRow(path, titles.getOrDefault(path, ""), n[0], n[1], n[2],
                    Math.max(0, n[0] - n[1] - n[2]), answered == 0 ? 0 : (double) n[0] / answered, n[3], n[4])));
            out.sort(Comparator.comparingLong(PageRow::cited).reversed().thenComparing(PageRow::path));
            return out;
        });
    }

    private static long answered(Connection c, String domain, Period period) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT SUM(answered) FROM question_days WHERE domain = ? AND day >= ? AND day < ?")) {
            byDay(ps, domain, period);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    /** The distinct pages (no anchors) of an answer's sources. */
    private static Set<String> pages(String sourcesJson) {
        Set<String> out = new LinkedHashSet<>();
        try {
            Mappers.JSON.readValue(sourcesJson, SOURCES).forEach(s -> out.add(s.page()));
        } catch (IOException e) {
            // A row written by a newer server in another shape: counted for no page.
        }
        return out;
    }

    private static void byDay(PreparedStatement ps, String domain, Period p) throws SQLException {
        ps.setString(1, domain);
        ps.setLong(2, p.startMillis() / InsightsLog.DAY_MILLIS);
        ps.setLong(3, p.endMillis() / InsightsLog.DAY_MILLIS);
    }
}
