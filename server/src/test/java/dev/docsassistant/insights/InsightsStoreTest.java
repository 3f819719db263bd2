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
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Answers, feedback and empty searches written and read back as insights and conversations, on every store kind. */
class InsightsStoreTest {
    private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");
    private static final LocalDate TODAY = LocalDate.ofInstant(NOW, ZoneOffset.UTC);

    @TempDir
    Path tmp;

    @Test
    void insightsCountGroupAndFilterWhatWasRecorded() {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                InsightsLog log = new InsightsLog(db, writes, Clock.fixed(NOW, ZoneOffset.UTC));
                CitedPage retries = new CitedPage("/guides/retries#schedule", "Retries");
                log.answered(answer("m1", "t1", "How are retries scheduled?", List.of(retries), Channel.REST_V2, NOW.minus(Duration.ofDays(1))));
                log.answered(answer("m2", "t1", "And the backoff?", List.of(new CitedPage("/guides/retries#backoff", "Retries")),
                        Channel.REST_V2, NOW));
                log.answered(answer("m3", "t2", "Does it support Kafka?", List.of(), Channel.GRPC, NOW));
                log.answered(answer("m4", "t3", "Kafka support?", List.of(), Channel.REST_V1, NOW));
                log.answered(answer("m5", "t4", "Is there a Kafka connector support", List.of(), Channel.REST_V2, NOW));
                log.answered(answer("m6", "t5", "What about SAML login?", List.of(), Channel.REST_V2, NOW));
                log.answered(onSite(answer("x1", "tx", "Other site", List.of(retries), Channel.REST_V2, NOW), "other"));
                log.searchMissed("acme", Channel.REST_V1, "  Kafka  Topics ");
                log.searchMissed("acme", Channel.GRPC, "kafka topics");
                assertTrue(log.feedback("acme", "t1", "m2", false, "  Too vague  "));
                assertTrue(log.feedback("acme", "t1", "m1", true, null));
                assertFalse(log.feedback("acme", "t2", "m1", true, null), "a message of another thread");
                assertFalse(log.feedback("other", "t1", "m1", true, null), "a message of another site");
                writes.flush(Duration.ofSeconds(10));

                InsightsReport r = new InsightsQuery(db).report("acme", Period.lastDays(7, TODAY));
                assertEquals(7, r.days().size());
                assertEquals(6, r.questions());
                assertEquals(2, r.answered());
                assertEquals(new InsightsReport.Day(TODAY, 5, 1), r.days().get(6));
                assertEquals(new InsightsReport.Day(TODAY.minusDays(1), 1, 1), r.days().get(5));
                assertEquals(3, r.channels().size());
                InsightsReport.QuestionGroup kafka = r.unanswered().get(0);
                assertEquals(3, kafka.count(), "near-duplicate wordings count as one gap: " + r.unanswered());
                assertEquals(2, r.unanswered().size());
                assertEquals(List.of(new InsightsReport.PageCount("/guides/retries", "Retries", 2)), r.citedPages());
                assertEquals(List.of(new InsightsReport.QueryCount("kafka topics", 2)), r.emptySearches());
                assertEquals(1, r.helpful());
                assertEquals(1, r.notHelpful());
                assertEquals("Too vague", r.comments().get(0).comment());
                assertEquals("And the backoff?", r.comments().get(0).question());

                Conversations conversations = new Conversations(db);
                Period week = Period.lastDays(7, TODAY);
                assertEquals(5, conversations.list("acme", ConversationFilter.of(week, null, null), 0, 50).threads().size());
                Conversations.ThreadPage unanswered = conversations.list("acme", ConversationFilter.of(week, "unanswered", null), 0, 2);
                assertEquals(2, unanswered.threads().size());
                assertTrue(unanswered.more());
                Conversations.ThreadPage criticised = conversations.list("acme", ConversationFilter.of(week, null, "not-helpful"), 0, 50);
                assertEquals(1, criticised.threads().size());
                assertEquals("How are retries scheduled?", criticised.threads().get(0).firstQuestion());
                List<Turn> thread = conversations.thread("acme", "t1");
                assertEquals(List.of("m1", "m2"), thread.stream().map(Turn::messageId).toList());
                assertEquals(Boolean.FALSE, thread.get(1).helpful());
                assertEquals(List.of(new CitedPage("/guides/retries#backoff", "Retries")), thread.get(1).sources());
                assertTrue(conversations.thread("other", "t1").isEmpty(), "threads are found on their own site only");
                List<Turn> exported = new ArrayList<>();
                conversations.export("acme", ConversationFilter.of(week, null, null), exported::add);
                assertEquals(6, exported.size());
                assertNull(exported.get(2).helpful());
            }
        }
    }

    @Test
    void retentionDeletesWhatIsOlderThanItKeeps() throws Exception {
        for (Database db : TestDatabases.fresh(tmp)) {
            try (db; BackgroundWrites writes = new BackgroundWrites(db)) {
                InsightsLog log = new InsightsLog(db, writes, Clock.fixed(NOW.minus(Duration.ofDays(100)), ZoneOffset.UTC));
                log.answered(answer("old", "t-old", "Old question?", List.of(new CitedPage("/a", "A")), Channel.REST_V2,
                        NOW.minus(Duration.ofDays(100))));
                log.answered(answer("new", "t-new", "New question?", List.of(new CitedPage("/a", "A")), Channel.REST_V2,
                        NOW.minus(Duration.ofDays(10))));
                log.searchMissed("acme", Channel.REST_V1, "ancient");
                assertTrue(log.feedback("acme", "t-old", "old", true, "fine"));
                writes.flush(Duration.ofSeconds(10));
                int deleted = new Retention(db, Retention.DEFAULT, Clock.fixed(NOW, ZoneOffset.UTC)).runOnce();
                assertEquals(6, deleted, "the old answer, its feedback, its day's counts and citations, its conversation, the old search");
                assertEquals(1, count(db, "answers"));
                assertEquals(0, count(db, "answer_feedback"));
                assertEquals(1, count(db, "page_citations"));
                assertEquals(0, count(db, "search_misses"));
                assertEquals(1, count(db, "question_days"));
                assertEquals(1, count(db, "conversation_threads"));
            }
        }
    }

    private static long count(Database db, String table) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + table); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    private static AnswerRecord answer(String id, String thread, String question, List<CitedPage> sources, Channel channel,
                                       Instant at) {
        return new AnswerRecord(id, thread, "acme", channel, question, "An answer to " + question, sources, !sources.isEmpty(), 12, at);
    }

    private static AnswerRecord onSite(AnswerRecord r, String domain) {
        return new AnswerRecord(r.messageId(), r.threadId(), domain, r.channel(), r.question(), r.answer(), r.sources(),
                r.answered(), r.latencyMs(), r.at());
    }
}
