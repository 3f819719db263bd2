package dev.docsassistant.assistant;

import dev.docsassistant.insights.Channel;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.store.Database;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.TestApps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A turn stored whose {@code finish} never reached the client (the connection or the server died
 * between the two): the client retries the same message, and the thread still holds that question
 * once, with the newer answer. On SQLite and, when configured, PostgreSQL.
 */
class LostFinishTest {
    /** The in-process caller: a private key of its own. */
    private static final ThreadCaller OWNER = ThreadCaller.key("test", java.util.List.of());
    @TempDir
    Path dir;

    /** Collects the events; with {@code loseFinish} its finish fails as a dead connection's write would. */
    private static final class Sink implements AssistantEvents {
        private final boolean loseFinish;
        private final StringBuilder text = new StringBuilder();
        private boolean finished;

        Sink(boolean loseFinish) {
            this.loseFinish = loseFinish;
        }

        @Override
        public void start(String messageId, String threadId) {
        }

        @Override
        public Channel channel() {
            return Channel.REST_V2;
        }

        @Override
        public void source(AnswerSource source) {
        }

        @Override
        public void text(String delta) {
            text.append(delta);
        }

        @Override
        public void finish(String threadId) {
            if (loseFinish) {
                throw new AnswerAbandoned("connection reset before finish");
            }
            finished = true;
        }

        @Override
        public void error(String message) {
            throw new AssertionError("unexpected error event: " + message);
        }
    }

    /** Writes "answer N" and keeps the conversation each answer was given. */
    private static final class Recorder implements AnswerGenerator {
        private final List<List<ChatMessage>> conversations = new ArrayList<>();

        @Override
        public void generate(Input input, Output output) {
            conversations.add(input.conversation());
            output.text("answer " + conversations.size());
        }
    }

    private static AssistantRequest ask(String threadId, String messageId, String question) {
        return new AssistantRequest("acme", "anonymous", List.of(new ChatMessage("user", question, messageId)),
                threadId, null, 5, SearchFilter.NONE, List.of(), null);
    }

    @Test
    void aRetryAfterALostFinishReplacesTheStoredTurn() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                ThreadStore threads = new ThreadStore(db);
                Recorder generator = new Recorder();
                AssistantService assistant = new AssistantService(TestApps.exampleSite().sites(), threads, generator);

                AssistantService.Accepted first = assistant.accept(ask(null, "u1", "How are failed deliveries retried?"), OWNER);
                Sink seen = new Sink(false);
                assistant.answer(first, seen);
                assertTrue(seen.finished);
                String thread = first.threadId();

                String question = "How do I verify webhook signatures?";
                Sink lost = new Sink(true);
                assistant.answer(assistant.accept(ask(thread, "u2", question), OWNER), lost);
                assertEquals("answer 2", lost.text.toString(), "the answer was written, then finish was lost");
                assertEquals(4, threads.messages(thread).size(), "the turn was stored before finish");

                Sink retried = new Sink(false);
                assistant.answer(assistant.accept(ask(thread, "u2", question), OWNER), retried);
                assertTrue(retried.finished, db.dialect().toString());
                List<String> stored = threads.messages(thread).stream().map(ThreadStore.StoredMessage::content).toList();
                assertEquals(List.of("How are failed deliveries retried?", "answer 1", question, "answer 3"),
                        stored, db.dialect().toString());
                // The retry's answer drew on the turns before the question, not on its own lost copy.
                assertEquals(List.of("How are failed deliveries retried?", "answer 1"),
                        generator.conversations.get(2).stream().map(ChatMessage::text).toList());
            }
        }
    }
}
