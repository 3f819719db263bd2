package dev.docsassistant.insights;

import dev.docsassistant.search.SentenceEmbedder;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Gaps grouped by meaning with the server's real sentence model, on every store kind: paraphrases
 * land together, questions sharing words but not a topic apart; grouping is incremental, reopens a
 * resolved gap, keeps sites apart, and retention removes the questions and the groups they leave empty.
 */
class GapGroupingTest {
    private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
    private static final LocalDate TODAY = LocalDate.ofInstant(NOW, ZoneOffset.UTC);

    /** Same missing topic, different words (cosines 0.58 to 0.72 with the server's model; see bench GapsQuality). */
    static final List<List<String>> PARAPHRASES = List.of(
            List.of("What is the rate limit of the API?", "How many requests per minute can I send before I get throttled?"),
            List.of("Can I deploy the docs to Kubernetes?", "How do I run the documentation platform in a Kubernetes pod?"),
            List.of("How do I rotate a signing secret?", "My signing secret leaked, how do I issue a fresh one?"),
            List.of("Do API keys expire?", "How do I set an expiration date on a new key?"),
            List.of("Can I translate my docs into other languages?", "Does the docs platform support localization?"));
    /** Shared words, other topics (cosines 0.15 to 0.44). */
    static final List<List<String>> TRAPS = List.of(
            List.of("What is the rate limit of the API?", "How can readers rate my docs pages?"),
            List.of("How do I rotate a signing secret?", "Can I rotate images in the docs?"),
            List.of("Can I deploy the docs to Kubernetes?", "Can I export the docs to PDF?"),
            List.of("Do API keys expire?", "Are there keyboard shortcuts in the docs site?"),
            List.of("Can I translate my docs into other languages?", "Which programming languages get syntax highlighting in code blocks?"));

    @TempDir
    Path tmp;

    @Test
    void paraphrasesJoinTrapsStayApart() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                GapGrouping grouping = new GapGrouping(db, writes, Clock.fixed(NOW, ZoneOffset.UTC));
                int i = 0;
                List<String> all = new ArrayList<>();
                PARAPHRASES.forEach(all::addAll);
                TRAPS.forEach(pair -> all.add(pair.get(1)));
                for (String q : all) {
                    unanswered(db, "acme", "m" + i++, q, NOW.minus(Duration.ofHours(1)));
                }
                assertEquals(all.size(), grouping.runOnce());
                Map<String, String> groupOf = groups(db);
                for (List<String> pair : PARAPHRASES) {
                    assertEquals(groupOf.get(pair.get(0)), groupOf.get(pair.get(1)), "one topic in other words: " + pair);
                }
                for (List<String> pair : TRAPS) {
                    assertNotEquals(groupOf.get(pair.get(0)), groupOf.get(pair.get(1)), "shared words, other topics: " + pair);
                }
            }
        }
    }

    @Test
    void twoServersRacingForTheSameGapsGroupEachQuestionOnceAndTheLoserStopsQuietly() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
                GapGrouping winner = new GapGrouping(db, writes, clock);
                List<Integer> wonWith = new ArrayList<>();
                // The loser reads the same batch, then the winner groups it while the loser is embedding.
                GapGrouping loser = new GapGrouping(db, writes, clock, texts -> {
                    if (wonWith.isEmpty()) {
                        wonWith.add(winner.runOnce());
                    }
                    return SentenceEmbedder.embedAll(texts);
                }, GapGrouping.THRESHOLD);
                List<String> all = new ArrayList<>();
                PARAPHRASES.forEach(all::addAll);
                for (int i = 0; i < all.size(); i++) {
                    unanswered(db, "acme", "r" + i, all.get(i), NOW.minus(Duration.ofHours(1)));
                }
                assertEquals(0, loser.runOnce(), "the batch was grouped elsewhere: nothing joined twice, no failure");
                assertEquals(List.of(all.size()), wonWith);
                assertEquals(all.size(), count(db, "SELECT COUNT(*) FROM gap_members"));
                assertEquals(0, loser.runOnce(), "the next run finds nothing new");
            }
        }
    }

    @Test
    void groupingIsIncrementalReopensResolvedGapsAndKeepsSitesApart() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                GapGrouping grouping = new GapGrouping(db, writes, Clock.fixed(NOW, ZoneOffset.UTC));
                InsightsLog log = new InsightsLog(db, writes, Clock.fixed(NOW, ZoneOffset.UTC));
                unanswered(db, "acme", "m1", "Can I deploy the docs to Kubernetes?", NOW.minus(Duration.ofDays(10)));
                unanswered(db, "other", "x1", "Can I deploy the docs to Kubernetes?", NOW.minus(Duration.ofDays(10)));
                answered(db, "acme", "m2", "How are retries scheduled?", NOW.minus(Duration.ofDays(9)));
                assertTrue(log.feedback("acme", "t-m2", "m2", false, "wrong"));
                db.transaction(c -> {
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO search_misses (domain, channel, query, created_at) "
                            + "VALUES ('acme', 'rest-v1', 'kubernetes deployment', ?)")) {
                        ps.setLong(1, NOW.minus(Duration.ofDays(8)).toEpochMilli());
                        return ps.executeUpdate();
                    }
                });
                writes.flush(Duration.ofSeconds(10));
                // Feedback is written at the clock's now: a later clock lets the job read past the lag.
                GapGrouping later = new GapGrouping(db, writes, Clock.fixed(NOW.plus(Duration.ofMinutes(10)), ZoneOffset.UTC));
                assertEquals(4, later.runOnce());
                assertEquals(0, later.runOnce(), "nothing is grouped twice");
                GapReport acme = new GapQuery(db).report("acme", GapSpan.MONTH, TODAY, Optional.empty());
                GapReport.Gap k8s = acme.gaps().stream().filter(g -> g.label().contains("Kubernetes")).findFirst().orElseThrow();
                assertEquals(2, k8s.count(), "the search without results joins the question it means: " + acme);
                assertEquals(Map.of("search-miss", 1L, "unanswered", 1L), k8s.kinds());
                GapReport.Gap retries = acme.gaps().stream().filter(g -> g.label().contains("retries")).findFirst().orElseThrow();
                assertEquals(List.of(new InsightsReport.PageCount("/guides/retries", "Retries", 1)), retries.pages(),
                        "an unhelpful answer's cited pages");
                assertEquals(1, new GapQuery(db).report("other", GapSpan.MONTH, TODAY, Optional.empty()).gaps().size(),
                        "each site its own groups");

                InsightsWork work = new InsightsWork(db, Clock.fixed(NOW, ZoneOffset.UTC));
                assertFalse(work.setGap("other", k8s.id(), WorkStatus.RESOLVED, "not yours"), "a group of another site");
                assertTrue(work.setGap("acme", k8s.id(), WorkStatus.RESOLVED, "Wrote the Kubernetes guide"));
                assertEquals(WorkStatus.RESOLVED, new GapQuery(db).report("acme", GapSpan.MONTH, TODAY, Optional.of(WorkStatus.RESOLVED))
                        .gaps().get(0).status());
                // A new wording of the same gap: it joins the group (no regrouping) and reopens it.
                // (Asked after the job's last run: answers are recorded as they finish.)
                unanswered(db, "acme", "m3", "How do I run the documentation platform in a Kubernetes pod?", NOW.plus(Duration.ofMinutes(20)));
                later = new GapGrouping(db, writes, Clock.fixed(NOW.plus(Duration.ofMinutes(30)), ZoneOffset.UTC));
                assertEquals(1, later.runOnce());
                GapReport.Gap again = new GapQuery(db).report("acme", GapSpan.MONTH, TODAY, Optional.empty()).gaps().stream()
                        .filter(g -> g.id().equals(k8s.id())).findFirst().orElseThrow();
                assertEquals(3, again.count());
                assertEquals(WorkStatus.OPEN, again.status());
                assertEquals("Wrote the Kubernetes guide", again.note());
                assertNotNull(again.reopenedAt(), "when it came back is recorded");
                assertEquals(1, new GapQuery(db).report("acme", GapSpan.WEEK, TODAY, Optional.empty()).gaps().get(0).count());
                assertEquals("new", again.previous() == 0 ? "new" : "was " + again.previous());

                // GapGrouping.add: a source without a table of its own.
                grouping.add("acme", GapKind.SEARCH_NO_CLICK, "kubernetes helm deployment", NOW.minus(Duration.ofHours(3)));
                writes.flush(Duration.ofSeconds(10));
                assertEquals(1, later.runOnce());
                assertEquals(4, new GapQuery(db).report("acme", GapSpan.MONTH, TODAY, Optional.empty()).gaps().stream()
                        .filter(g -> g.id().equals(k8s.id())).findFirst().orElseThrow().count());

                // Retention of 5 days: the older questions go, the retries group with them, no old text stays.
                Retention retention = new Retention(db, Duration.ofDays(5), Clock.fixed(NOW, ZoneOffset.UTC));
                retention.runOnce();
                long cutoff = NOW.minus(Duration.ofDays(5)).toEpochMilli();
                assertEquals(0, count(db, "SELECT COUNT(*) FROM gap_members WHERE created_at < " + cutoff));
                assertEquals(0, count(db, "SELECT COUNT(*) FROM gap_groups WHERE label_at < " + cutoff));
                assertEquals(1, count(db, "SELECT COUNT(*) FROM gap_groups WHERE domain = 'acme'"), "the retries group went");
                assertEquals(0, count(db, "SELECT COUNT(*) FROM gap_groups WHERE domain = 'other'"));
                GapReport.Gap kept = new GapQuery(db).report("acme", GapSpan.MONTH, TODAY, Optional.empty()).gaps().get(0);
                assertEquals(2, kept.count());
                assertFalse(kept.label().contains("Can I deploy"), "the label was an expired question: " + kept.label());
            }
        }
    }

    @Test
    void siteSearchesWhoseResultsNobodyOpenedBecomeGapsOnceReadersHadTimeToClick() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                search(db, "n1", SearchLog.SITE_BOX, "kubernetes helm chart", 3, 0, NOW.minus(Duration.ofMinutes(30)));
                search(db, "n2", SearchLog.SITE_BOX, "retry schedule", 3, 1, NOW.minus(Duration.ofMinutes(30)));
                search(db, "n3", "api", "api search nobody clicks", 3, 0, NOW.minus(Duration.ofMinutes(30)));
                search(db, "n4", SearchLog.SITE_BOX, "just typed", 3, 0, NOW.minus(Duration.ofMinutes(5)));
                GapGrouping grouping = new GapGrouping(db, writes, Clock.fixed(NOW, ZoneOffset.UTC));
                assertEquals(1, grouping.runOnce(), "only the site's search nobody opened, old enough to judge");
                assertEquals(Map.of("kubernetes helm chart", "search-no-click"), kinds(db));
                GapGrouping later = new GapGrouping(db, writes, Clock.fixed(NOW.plus(Duration.ofMinutes(10)), ZoneOffset.UTC));
                assertEquals(1, later.runOnce(), "the recent one, once its readers had time to click");
                assertEquals("search-no-click", kinds(db).get("just typed"));
            }
        }
    }

    @Test
    void aNewGroupOfUnansweredQuestionsShowsThePagesSearchCameClosestWith() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                unanswered(db, "acme", "m1", "Can I deploy the docs to Kubernetes?", NOW.minus(Duration.ofDays(1)));
                unanswered(db, "acme", "m2", "How do I run the documentation platform in a Kubernetes pod?", NOW.minus(Duration.ofDays(1)));
                List<String> asked = new java.util.ArrayList<>();
                GapGrouping grouping = new GapGrouping(db, writes, Clock.fixed(NOW, ZoneOffset.UTC), (domain, question) -> {
                    asked.add(domain + ": " + question);
                    return List.of(new CitedPage("/deploy/self-hosting", "Self-hosting"));
                });
                assertEquals(2, grouping.runOnce());
                assertEquals(List.of("acme: Can I deploy the docs to Kubernetes?"), asked, "asked once, for the new group only");
                String sources = db.transaction(c -> {
                    try (PreparedStatement ps = c.prepareStatement("SELECT sources FROM gap_members WHERE id = 'a:m1'");
                         ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        return rs.getString(1);
                    }
                });
                assertTrue(sources.contains("/deploy/self-hosting"), sources);
            }
        }
    }

    private static void search(Database db, String id, String channel, String query, int results, int clicks, Instant at) {
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO searches (search_id, domain, channel, query, results, paths, "
                    + "clicks, created_at) VALUES (?, 'acme', ?, ?, ?, '[]', ?, ?)")) {
                ps.setString(1, id);
                ps.setString(2, channel);
                ps.setString(3, query);
                ps.setInt(4, results);
                ps.setInt(5, clicks);
                ps.setLong(6, at.toEpochMilli());
                return ps.executeUpdate();
            }
        });
    }

    private static Map<String, String> kinds(Database db) {
        return db.transaction(c -> {
            Map<String, String> out = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT text, kind FROM gap_members"); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
            return out;
        });
    }

    static void unanswered(Database db, String domain, String id, String question, Instant at) {
        db.transaction(c -> {
            InsightsLog.write(c, new AnswerRecord(id, "t-" + id, domain, Channel.REST_V2, question, "The docs do not cover this.",
                    List.of(), false, 10, at));
            return null;
        });
    }

    static void answered(Database db, String domain, String id, String question, Instant at) {
        db.transaction(c -> {
            InsightsLog.write(c, new AnswerRecord(id, "t-" + id, domain, Channel.REST_V2, question, "Retried five times.",
                    List.of(new CitedPage("/guides/retries#schedule", "Retries")), true, 10, at));
            return null;
        });
    }

    private static Map<String, String> groups(Database db) {
        return db.transaction(c -> {
            Map<String, String> out = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT text, group_id FROM gap_members"); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
            return out;
        });
    }

    private static long count(Database db, String sql) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }
}
