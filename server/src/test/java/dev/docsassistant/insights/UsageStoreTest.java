package dev.docsassistant.insights;

import dev.docsassistant.store.BackgroundWrites;
import dev.docsassistant.store.Database;
import dev.docsassistant.store.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Search analytics, page answer share, page traffic and agents' feedback written and read back on
 * every store kind, one site never seeing another's, and retention deleting all of it in time.
 */
class UsageStoreTest {
    private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
    private static final LocalDate TODAY = LocalDate.ofInstant(NOW, ZoneOffset.UTC);
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    @TempDir
    Path tmp;

    @Test
    void searchesAndClicksMakeTopQueriesMissesAndUnopenedResults() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                InsightsLog insights = new InsightsLog(db, writes, CLOCK);
                SearchLog log = new SearchLog(db, writes, insights, CLOCK);
                List<String> retries = List.of("/guides/retries#schedule", "/guides/webhooks");
                String opened = log.searched("acme", Channel.REST_V1, true, "  Retry   Schedule ", retries);
                log.searched("acme", Channel.MCP, false, "retry schedule", retries);
                for (int i = 0; i < 4; i++) {
                    log.searched("acme", Channel.REST_V1, false, "webhooks", List.of("/guides/webhooks"));
                }
                log.searched("acme", Channel.REST_V1, true, "kafka", List.of());
                log.searched("acme", Channel.REST_V1, true, "Kafka", List.of());
                String otherSite = log.searched("other", Channel.REST_V1, false, "retry schedule", retries);

                assertTrue(opened.matches("srch_[0-9a-f]{24}"), opened);
                assertEquals(SearchLog.Click.RECORDED, log.clicked("acme", opened, "/guides/retries"), "a result's page, anchor off");
                assertEquals(SearchLog.Click.RECORDED, log.clicked("acme", opened, "/guides/retries#schedule"));
                assertEquals(SearchLog.Click.RECORDED, log.clicked("acme", opened, "/guides/retries#schedule"), "again: counted once");
                assertEquals(SearchLog.Click.NOT_IN_RESULTS, log.clicked("acme", opened, "/guides/billing"));
                assertEquals(SearchLog.Click.UNKNOWN_SEARCH, log.clicked("acme", "srch_000000000000000000000000", "/guides/retries"));
                assertEquals(SearchLog.Click.UNKNOWN_SEARCH, log.clicked("acme", otherSite, "/guides/retries#schedule"),
                        "another site's search is unknown here");
                assertEquals(2, count(db, "SELECT clicks FROM searches WHERE search_id = '" + opened + "'"),
                        "two distinct results opened (the page and its section), the repeat not counted");
                assertEquals(2, count(db, "SELECT COUNT(*) FROM search_clicks WHERE search_id = '" + opened + "'"));
                assertEquals("site", string(db, "SELECT channel FROM searches WHERE search_id = '" + opened + "'"));

                SearchAnalytics analytics = new SearchAnalytics(db);
                Period week = Period.lastDays(7, TODAY);
                assertEquals(new SearchAnalytics.Summary(8, 2, 1), analytics.report("acme", week, 2, 10).summary());
                List<SearchAnalytics.QueryRow> top = analytics.report("acme", week, 2, 10).top();
                assertEquals(List.of("webhooks", "kafka", "retry schedule"), top.stream().map(SearchAnalytics.QueryRow::query).toList(),
                        "normalised: case and spaces do not split a query");
                assertEquals(new SearchAnalytics.QueryRow("retry schedule", 2, 2, 1, 2.0), top.get(2));
                assertEquals(0.5, top.get(2).clickThrough());
                assertEquals(List.of("kafka"), analytics.report("acme", week, 2, 10).noResults().stream().map(SearchAnalytics.QueryRow::query).toList());
                List<SearchAnalytics.QueryRow> unopened = analytics.report("acme", week, 2, 10).unopened();
                assertEquals(List.of("webhooks", "retry schedule"), unopened.stream().map(SearchAnalytics.QueryRow::query).toList(),
                        "lowest click-through first; kafka never found anything");
                assertEquals(List.of("webhooks"), analytics.report("acme", week, 3, 10).unopened().stream().map(SearchAnalytics.QueryRow::query).toList());
                assertEquals(3, analytics.queryRows("acme", week).size());
                // Searches made once that found something stay in the database unless a list needs them:
                // a quiet site's top list is filled with them, by name, after the repeated ones.
                log.searched("acme", Channel.REST_V1, false, "zebra", List.of("/guides/webhooks"));
                log.searched("acme", Channel.REST_V1, false, "alpha", List.of("/guides/webhooks"));
                writes.flush(java.time.Duration.ofSeconds(10));
                assertEquals(List.of("webhooks", "kafka", "retry schedule", "alpha", "zebra"), analytics.report("acme", week, 3, 10).top()
                        .stream().map(SearchAnalytics.QueryRow::query).toList());
                assertEquals(List.of("webhooks", "kafka", "retry schedule", "alpha"), analytics.report("acme", week, 3, 4).top()
                        .stream().map(SearchAnalytics.QueryRow::query).toList());
                assertEquals(List.of("webhooks", "kafka", "retry schedule", "alpha", "zebra"), analytics.report("acme", week, 1, 10).top()
                        .stream().map(SearchAnalytics.QueryRow::query).toList(), "min 1: every query can rank, no fill needed");
                assertEquals(new SearchAnalytics.Summary(10, 2, 1), analytics.report("acme", week, 2, 10).summary());
                assertEquals(1, analytics.queryRows("other", week).size(), "each site sees its own searches only");
                assertTrue(analytics.queryRows("acme", Period.lastDays(7, TODAY.minusDays(8))).isEmpty(), "a period before them");

                InsightsReport report = new InsightsQuery(db).report("acme", week);
                assertEquals(List.of(new InsightsReport.QueryCount("kafka", 2)), report.emptySearches(),
                        "searches that found nothing still reach the insights page's list");
            }
        }
    }

    @Test
    void pagesShareAnswersWithTheirRatingsAndAgentsFeedback() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                InsightsLog log = new InsightsLog(db, writes, CLOCK);
                CitedPage retries = new CitedPage("/guides/retries#schedule", "Retries");
                CitedPage webhooks = new CitedPage("/guides/webhooks", "Webhooks");
                log.answered(answer("acme", "m1", "t1", List.of(retries, new CitedPage("/guides/retries#backoff", "Retries"), webhooks)));
                log.answered(answer("acme", "m2", "t2", List.of(retries)));
                log.answered(answer("acme", "m3", "t3", List.of(webhooks)));
                log.answered(answer("acme", "m4", "t4", List.of()));
                log.answered(answer("other", "x1", "tx", List.of(retries)));
                writes.flush(Duration.ofSeconds(10));
                assertTrue(log.feedback("acme", "t1", "m1", true, null));
                assertTrue(log.feedback("acme", "t2", "m2", false, "wrong schedule"));
                assertTrue(log.feedback("other", "tx", "x1", false, null));
                AgentFeedback agents = new AgentFeedback(db, writes, CLOCK);
                assertTrue(agents.onAnswer("acme", null, "m3", false, "outdated", Channel.MCP), "the message names its thread");
                assertFalse(agents.onAnswer("acme", "t1", "m3", true, null, Channel.MCP), "a message of another thread");
                assertFalse(agents.onAnswer("acme", null, "x1", true, null, Channel.MCP), "a message of another site");
                agents.onPage("acme", "/guides/webhooks", false, "the example fails", Channel.MCP.stored());
                agents.onPage("acme", "/guides/retries", true, null, Channel.MCP.stored());
                assertEquals("mcp", string(db, "SELECT channel FROM answer_feedback WHERE message_id = 'm3'"));
                assertEquals("outdated", string(db, "SELECT comment FROM answer_feedback WHERE message_id = 'm3'"));

                List<PageShare.PageRow> rows = new PageShare(db).rows("acme", Period.lastDays(7, TODAY));
                assertEquals(List.of(
                        new PageShare.PageRow("/guides/retries", "Retries", 2, 1, 1, 0, 2 / 3.0, 1, 0),
                        new PageShare.PageRow("/guides/webhooks", "Webhooks", 2, 1, 1, 0, 2 / 3.0, 0, 1)), rows,
                        "two sections of one page in one answer count once; the unanswered question cites nothing");
                log.answered(answer("acme", "m5", "t5", List.of(retries)));
                writes.flush(Duration.ofSeconds(10));
                assertEquals(1, new PageShare(db).rows("acme", Period.lastDays(7, TODAY)).get(0).unrated());
                List<PageShare.PageRow> other = new PageShare(db).rows("other", Period.lastDays(7, TODAY));
                assertEquals(List.of(new PageShare.PageRow("/guides/retries", "Retries", 1, 0, 1, 0, 1.0, 0, 0)), other,
                        "another site's answers, feedback and page feedback stay its own");
            }
        }
    }

    @Test
    void pageReadsAreCountedInMemoryAndRolledUpPerDayAndAudience() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db) {
                PageTraffic traffic = new PageTraffic(db, CLOCK);
                traffic.count("acme", "/guides/retries", Audience.BROWSER);
                traffic.count("acme", "/guides/retries", Audience.BROWSER);
                traffic.count("acme", "/guides/retries", Audience.ofRequest("Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
                        Audience.BROWSER));
                traffic.count("acme", "/guides/retries", Audience.ofRequest("Claude-User/1.0", Audience.MARKDOWN));
                traffic.count("acme", "/llms.txt", Audience.MARKDOWN);
                traffic.count("acme", "/guides/retries", Audience.MCP);
                traffic.count("other", "/guides/retries", Audience.BROWSER);
                assertEquals(0, count(db, "SELECT COUNT(*) FROM page_traffic"), "nothing is written per read");
                assertEquals(7, traffic.flush());
                traffic.count("acme", "/guides/retries", Audience.BROWSER);
                traffic.close(); // flushes what is left
                assertEquals(0, traffic.flush());

                TrafficReport report = new TrafficReport(db);
                Period week = Period.lastDays(7, TODAY);
                List<TrafficReport.TrafficRow> rows = report.rows("acme", week);
                assertEquals(List.of(
                        new TrafficReport.TrafficRow(TODAY, "/guides/retries", Audience.AI_CRAWLER, 2),
                        new TrafficReport.TrafficRow(TODAY, "/guides/retries", Audience.BROWSER, 3),
                        new TrafficReport.TrafficRow(TODAY, "/guides/retries", Audience.MCP, 1),
                        new TrafficReport.TrafficRow(TODAY, "/llms.txt", Audience.MARKDOWN, 1)), rows);
                TrafficReport.Totals page = TrafficReport.perPage(rows).get(0);
                assertEquals("/guides/retries", page.key());
                assertEquals(3, page.agents());
                assertEquals(3, page.of(Audience.BROWSER));
                List<TrafficReport.Totals> days = TrafficReport.perDay(rows, week);
                assertEquals(7, days.size());
                assertEquals(4, days.get(6).agents());
                assertEquals(0, days.get(0).all());
                assertEquals(1, report.rows("other", week).size(), "each site sees its own reads only");
            }
        }
    }

    @Test
    void robotsAreToldApartFromReadersByUserAgent() {
        assertEquals(Audience.AI_CRAWLER, Audience.ofRequest("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; "
                + "ClaudeBot/1.0; +claudebot@anthropic.com)", Audience.BROWSER));
        assertEquals(Audience.AI_CRAWLER, Audience.ofRequest("Mozilla/5.0 (compatible; PerplexityBot/1.0)", Audience.MARKDOWN));
        assertEquals(Audience.AI_CRAWLER, Audience.ofRequest("meta-externalagent/1.1", Audience.BROWSER));
        assertEquals(Audience.OTHER_BOT, Audience.ofRequest("Mozilla/5.0 (compatible; Googlebot/2.1)", Audience.BROWSER));
        assertEquals(Audience.OTHER_BOT, Audience.ofRequest(null, Audience.BROWSER));
        assertEquals(Audience.BROWSER, Audience.ofRequest("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                + "Chrome/131.0.0.0 Safari/537.36", Audience.BROWSER));
        assertEquals(Audience.MARKDOWN, Audience.ofRequest("curl/8.5.0", Audience.MARKDOWN), "a script reading .md is an agent");
    }

    @Test
    void retentionDeletesSearchesClicksPageFeedbackAndTraffic() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                Clock then = Clock.fixed(NOW.minus(Duration.ofDays(100)), ZoneOffset.UTC);
                Clock recently = Clock.fixed(NOW.minus(Duration.ofDays(10)), ZoneOffset.UTC);
                InsightsLog insights = new InsightsLog(db, writes, then);
                String old = new SearchLog(db, writes, insights, then).searched("acme", Channel.REST_V1, false, "old query", List.of("/a"));
                String kept = new SearchLog(db, writes, insights, recently).searched("acme", Channel.REST_V1, false, "new query", List.of("/a"));
                assertEquals(SearchLog.Click.RECORDED, new SearchLog(db, writes, insights, then).clicked("acme", old, "/a"));
                assertEquals(SearchLog.Click.RECORDED, new SearchLog(db, writes, insights, recently).clicked("acme", kept, "/a"));
                new AgentFeedback(db, writes, then).onPage("acme", "/a", false, "old comment", "mcp");
                new AgentFeedback(db, writes, recently).onPage("acme", "/a", true, "new comment", "mcp");
                try (PageTraffic traffic = new PageTraffic(db, then)) {
                    traffic.count("acme", "/a", Audience.BROWSER);
                }
                try (PageTraffic traffic = new PageTraffic(db, recently)) {
                    traffic.count("acme", "/a", Audience.BROWSER);
                }
                int deleted = new Retention(db, Retention.DEFAULT, CLOCK).runOnce();
                assertEquals(4, deleted, "the old search, its click, the old page feedback and the old day's reads");
                assertEquals(1, count(db, "SELECT COUNT(*) FROM searches"));
                assertEquals(kept, string(db, "SELECT search_id FROM searches"));
                assertEquals(1, count(db, "SELECT COUNT(*) FROM search_clicks"));
                assertEquals("new comment", string(db, "SELECT comment FROM page_feedback"));
                assertEquals(1, count(db, "SELECT COUNT(*) FROM page_traffic"));
            }
        }
    }

    private static AnswerRecord answer(String domain, String id, String thread, List<CitedPage> sources) {
        return new AnswerRecord(id, thread, domain, Channel.REST_V2, "Question " + id + "?", "An answer", sources, !sources.isEmpty(), 12,
                NOW.minus(Duration.ofHours(1)));
    }

    private static long count(Database db, String sql) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    private static String string(Database db, String sql) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        });
    }
}
