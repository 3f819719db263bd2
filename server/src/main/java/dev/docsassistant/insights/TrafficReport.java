package dev.docsassistant.insights;

import dev.docsassistant.store.Database;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads {@link PageTraffic}'s roll-up: reads per day and per page by audience, agents beside humans. */
public final class TrafficReport {
    /** Rows an export holds at most. */
    public static final int EXPORT_ROWS = 50_000;

    private final Database db;

    public TrafficReport(Database db) {
        this.db = db;
    }

    /** One roll-up row: a page's reads by one audience on one day (the export's rows). */
    public record TrafficRow(LocalDate day, String path, Audience audience, long hits) {
    }

    /** Reads of a day or a page, by audience. */
    public record Totals(String key, Map<Audience, Long> hits) {
        public long of(Audience a) {
            return hits.getOrDefault(a, 0L);
        }

        public long agents() {
            return hits.entrySet().stream().filter(e -> e.getKey().agent()).mapToLong(Map.Entry::getValue).sum();
        }

        public long all() {
            return hits.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** Every row of the period, by day then page (at most {@link #EXPORT_ROWS}). */
    public List<TrafficRow> rows(String domain, Period period) {
        return db.transaction(c -> {
            List<TrafficRow> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT day, path, audience, hits FROM page_traffic WHERE domain = ? "
                    + "AND day >= ? AND day < ? ORDER BY day, path, audience LIMIT " + EXPORT_ROWS)) {
                ps.setString(1, domain);
                ps.setLong(2, period.startMillis() / InsightsLog.DAY_MILLIS);
                ps.setLong(3, period.endMillis() / InsightsLog.DAY_MILLIS);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Audience a = Audience.of(rs.getString(3));
                        if (a != null) {
                            out.add(new TrafficRow(LocalDate.ofEpochDay(rs.getLong(1)), rs.getString(2), a, rs.getLong(4)));
                        }
                    }
                }
            }
            return out;
        });
    }

    /** Each day of the period (every day, oldest first), reads by audience. */
    public static List<Totals> perDay(List<TrafficRow> rows, Period period) {
        Map<String, Map<Audience, Long>> byDay = new LinkedHashMap<>();
        for (LocalDate d = period.from(); !d.isAfter(period.to()); d = d.plusDays(1)) {
            byDay.put(d.toString(), new EnumMap<>(Audience.class));
        }
        rows.forEach(r -> byDay.computeIfAbsent(r.day().toString(), k -> new EnumMap<>(Audience.class)).merge(r.audience(), r.hits(), Long::sum));
        return byDay.entrySet().stream().map(e -> new Totals(e.getKey(), e.getValue())).toList();
    }

    /** Each page read in the period, reads by audience, most read first. */
    public static List<Totals> perPage(List<TrafficRow> rows) {
        Map<String, Map<Audience, Long>> byPage = new LinkedHashMap<>();
        rows.forEach(r -> byPage.computeIfAbsent(r.path(), k -> new EnumMap<>(Audience.class)).merge(r.audience(), r.hits(), Long::sum));
        return byPage.entrySet().stream().map(e -> new Totals(e.getKey(), e.getValue()))
                .sorted(Comparator.comparingLong(Totals::all).reversed().thenComparing(Totals::key)).toList();
    }
}
