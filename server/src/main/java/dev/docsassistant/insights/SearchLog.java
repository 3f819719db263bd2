package dev.docsassistant.insights;

import dev.docsassistant.store.BackgroundWrites;
import dev.docsassistant.store.Database;

import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Every search (site search box, {@code POST /v1/search}, MCP {@code search}) with its normalised
 * query, result paths and a {@code searchId} the caller gets back, and which of its results were
 * opened. Searches are written in the background (a search never waits for the store); a click
 * waits for its search to be written first, as feedback waits for its answer.
 */
public final class SearchLog {
    /** How long a click waits for the search it names to be written (it was queued a moment ago). */
    private static final Duration PENDING_SEARCH_WAIT = Duration.ofSeconds(5);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern SPACES = Pattern.compile("\\s+");
    /** The stored channel of searches typed in a rendered site's search box. */
    public static final String SITE_BOX = "site";

    private final Database db;
    private final BackgroundWrites writes;
    private final InsightsLog insights;
    private final Clock clock;

    /** @param insights still told of searches that found nothing (the insights page's list reads them) */
    public SearchLog(Database db, BackgroundWrites writes, InsightsLog insights, Clock clock) {
        this.db = db;
        this.writes = writes;
        this.insights = insights;
        this.clock = clock;
    }

    /** What became of a reported click. */
    public enum Click { RECORDED, UNKNOWN_SEARCH, NOT_IN_RESULTS }

    /** Lower case, one space between words, at most {@link InsightsLog#MAX_QUERY_CHARS}: repeats count together. */
    public static String normalize(String query) {
        String normalized = SPACES.matcher(query.strip()).replaceAll(" ").toLowerCase(Locale.ROOT);
        return normalized.length() > InsightsLog.MAX_QUERY_CHARS ? normalized.substring(0, InsightsLog.MAX_QUERY_CHARS) : normalized;
    }

    /** Queues one search and returns its id ({@code srch_} and 24 hex digits). */
    private String searched(String domain, String channel, String query, List<String> resultPaths) {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        String id = "srch_" + HexFormat.of().formatHex(bytes);
        String kept = normalize(query);
        long at = clock.millis();
        String paths = String.join("\n", resultPaths);
        writes.submit("search", c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO searches (search_id, domain, channel, query, results, paths, "
                    + "clicks, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)")) {
                ps.setString(1, id);
                ps.setString(2, domain);
                ps.setString(3, channel);
                ps.setString(4, kept);
                ps.setInt(5, resultPaths.size());
                ps.setString(6, paths);
                ps.setLong(7, at);
                return ps.executeUpdate();
            }
        });
        return id;
    }

    /**
     * Queues one search through {@code channel} ({@code siteBox}: typed in a rendered site's search box,
     * kept as channel {@code site}); one that found nothing is also a search miss, as before.
     */
    public String searched(String domain, Channel channel, boolean siteBox, String query, List<String> resultPaths) {
        if (resultPaths.isEmpty()) {
            insights.searchMissed(domain, channel, query);
        }
        return searched(domain, siteBox ? SITE_BOX : channel.stored(), query, resultPaths);
    }

    /** The label of a stored search channel. */
    public static String channelLabel(String stored) {
        return SITE_BOX.equals(stored) ? "Site search box" : Channel.labelOf(stored);
    }

    /**
     * Records that a result of a search was opened: {@code path} is one of its results' paths, or such
     * a path without its {@code #anchor}. Opening one result twice counts once.
     */
    public Click clicked(String domain, String searchId, String path) {
        writes.flush(PENDING_SEARCH_WAIT);
        long now = clock.millis();
        return db.transaction(c -> {
            String paths;
            try (PreparedStatement ps = c.prepareStatement("SELECT paths FROM searches WHERE search_id = ? AND domain = ?")) {
                ps.setString(1, searchId);
                ps.setString(2, domain);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Click.UNKNOWN_SEARCH;
                    }
                    paths = rs.getString(1);
                }
            }
            boolean listed = !paths.isEmpty() && Arrays.stream(paths.split("\n"))
                    .anyMatch(p -> p.equals(path) || new CitedPage(p, "").page().equals(path));
            if (!listed) {
                return Click.NOT_IN_RESULTS;
            }
            int added;
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO search_clicks (search_id, domain, path, created_at) "
                    + "VALUES (?, ?, ?, ?) ON CONFLICT (search_id, path) DO NOTHING")) {
                ps.setString(1, searchId);
                ps.setString(2, domain);
                ps.setString(3, path);
                ps.setLong(4, now);
                added = ps.executeUpdate();
            }
            if (added > 0) {
                try (PreparedStatement ps = c.prepareStatement("UPDATE searches SET clicks = clicks + 1 WHERE search_id = ?")) {
                    ps.setString(1, searchId);
                    ps.executeUpdate();
                }
            }
            return Click.RECORDED;
        });
    }
}
