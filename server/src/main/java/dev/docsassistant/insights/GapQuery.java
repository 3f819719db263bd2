package dev.docsassistant.insights;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.store.Database;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a site's {@link GapReport}: counts per group come from one indexed range over the members of
 * the span (and one of the span before); examples and cited pages are read for the listed groups only.
 */
public final class GapQuery {
    static final int LISTED = 50;
    static final int EXAMPLES = 3;
    static final int PAGES = 3;
    private static final TypeReference<List<CitedPage>> SOURCES = new TypeReference<>() {
    };

    private final Database db;

    public GapQuery(Database db) {
        this.db = db;
    }

    public GapReport report(String domain, GapSpan span, LocalDate today, Optional<WorkStatus> status) {
        Period current = span.current(today);
        Period previous = span.previous(today);
        return db.transaction(c -> {
            Map<String, Map<String, Long>> kinds = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT group_id, kind, COUNT(*) FROM gap_members WHERE domain = ? "
                    + "AND created_at >= ? AND created_at < ? GROUP BY group_id, kind")) {
                bind(ps, domain, current);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        kinds.computeIfAbsent(rs.getString(1), k -> new TreeMap<>()).put(rs.getString(2), rs.getLong(3));
                    }
                }
            }
            Map<String, Long> before = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT group_id, COUNT(*) FROM gap_members WHERE domain = ? "
                    + "AND created_at >= ? AND created_at < ? GROUP BY group_id")) {
                bind(ps, domain, previous);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        before.put(rs.getString(1), rs.getLong(2));
                    }
                }
            }
            List<GapReport.Gap> all = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT id, label, status, note, last_at, reopened_at FROM gap_groups "
                    + "WHERE domain = ?")) {
                ps.setString(1, domain);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Map<String, Long> k = kinds.get(rs.getString(1));
                        WorkStatus s = WorkStatus.of(rs.getString(3));
                        if (k == null || status.isPresent() && status.get() != s) {
                            continue;
                        }
                        long reopened = rs.getLong(6);
                        Instant reopenedAt = rs.wasNull() ? null : Instant.ofEpochMilli(reopened);
                        all.add(new GapReport.Gap(rs.getString(1), rs.getString(2), s, rs.getString(4),
                                k.values().stream().mapToLong(Long::longValue).sum(), before.getOrDefault(rs.getString(1), 0L), k,
                                List.of(), List.of(), Instant.ofEpochMilli(rs.getLong(5)), reopenedAt));
                    }
                }
            }
            all.sort(Comparator.comparingLong(GapReport.Gap::count).reversed().thenComparing(GapReport.Gap::lastAsked,
                    Comparator.reverseOrder()));
            List<GapReport.Gap> listed = new ArrayList<>();
            for (GapReport.Gap g : all.subList(0, Math.min(LISTED, all.size()))) {
                listed.add(new GapReport.Gap(g.id(), g.label(), g.status(), g.note(), g.count(), g.previous(), g.kinds(),
                        examples(c, g.id(), current), pages(c, g.id(), current), g.lastAsked(), g.reopenedAt()));
            }
            return new GapReport(span, current, all.size(), listed);
        });
    }

    private static List<String> examples(Connection c, String group, Period p) throws SQLException {
        Set<String> out = new LinkedHashSet<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT text FROM gap_members WHERE group_id = ? AND created_at >= ? "
                + "AND created_at < ? ORDER BY created_at DESC LIMIT 30")) {
            bind(ps, group, p);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next() && out.size() < EXAMPLES) {
                    out.add(rs.getString(1));
                }
            }
        }
        return List.copyOf(out);
    }

    private static List<InsightsReport.PageCount> pages(Connection c, String group, Period p) throws SQLException {
        Map<String, Long> counts = new HashMap<>();
        Map<String, String> titles = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT sources FROM gap_members WHERE group_id = ? AND created_at >= ? "
                + "AND created_at < ? AND sources <> '[]' ORDER BY created_at DESC LIMIT 200")) {
            bind(ps, group, p);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    for (CitedPage page : sources(rs.getString(1))) {
                        counts.merge(page.page(), 1L, Long::sum);
                        titles.putIfAbsent(page.page(), page.title());
                    }
                }
            }
        }
        return counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(PAGES).map(e -> new InsightsReport.PageCount(e.getKey(), titles.get(e.getKey()), e.getValue())).toList();
    }

    static List<CitedPage> sources(String json) {
        try {
            return json == null || json.isEmpty() ? List.of() : Mappers.JSON.readValue(json, SOURCES);
        } catch (IOException e) {
            return List.of(); // written by this server; a row it cannot read shows no pages rather than failing the page
        }
    }

    private static void bind(PreparedStatement ps, String key, Period p) throws SQLException {
        ps.setString(1, key);
        ps.setLong(2, p.startMillis());
        ps.setLong(3, p.endMillis());
    }
}
