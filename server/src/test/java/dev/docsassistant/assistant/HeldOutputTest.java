package dev.docsassistant.assistant;

import dev.docsassistant.insights.Channel;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.store.Database;
import dev.docsassistant.testing.TestApps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a generator holds reaches the edge as one: consecutive text merged into one delta, between
 * one hold and one release of the edge; what it writes without holding goes out piece by piece.
 */
class HeldOutputTest {
    /** The in-process caller: a private key of its own. */
    private static final ThreadCaller OWNER = ThreadCaller.key("test", java.util.List.of());
    @TempDir
    Path dir;

    /** Records the edge's calls in order. */
    private static final class Recorder implements AssistantEvents {
        final List<String> calls = new ArrayList<>();

        @Override
        public void start(String messageId, String threadId) {
            calls.add("start");
        }

        @Override
        public Channel channel() {
            return Channel.GRPC;
        }

        @Override
        public void source(AnswerSource source) {
            calls.add("source");
        }

        @Override
        public void text(String delta) {
            calls.add("text:" + delta);
        }

        @Override
        public void hold() {
            calls.add("hold");
        }

        @Override
        public void release() {
            calls.add("release");
        }

        @Override
        public void finish(String threadId) {
            calls.add("finish");
        }

        @Override
        public void error(String message) {
            calls.add("error:" + message);
        }
    }

    /** Holds for its first pieces (a source among them), then writes two pieces as they come. */
    private static final class Writer implements AnswerGenerator {
        @Override
        public void generate(Input input, Output out) {
            out.hold();
            out.text("a ");
            out.source(input.retrieved().get(0));
            out.text("b ");
            out.text("c ");
            out.release();
            out.text("d ");
            out.text("e");
        }

        @Override
        public boolean mayFailBeforeWriting() {
            return false;
        }
    }

    @Test
    void heldTextIsOneDeltaAndHeldEventsAreOneWrite() {
        try (Database db = Database.openSqlite(dir.resolve("threads"))) {
            AssistantService assistant = new AssistantService(TestApps.exampleSite().sites(), new ThreadStore(db), new Writer());
            AssistantService.Accepted accepted = assistant.accept(new AssistantRequest("acme", "anonymous",
                    List.of(new ChatMessage("user", "How are failed deliveries retried?", "u1")),
                    null, null, 5, SearchFilter.NONE, List.of(), null), OWNER);
            Recorder edge = new Recorder();
            assistant.answer(accepted, edge);
            assertEquals(List.of("hold", "start", "release", // the first event leaves at once
                    "hold", "text:a ", "source", "text:b c ", "release", // held: the text before the source, then the rest as one
                    "text:d ", "text:e", "finish"), edge.calls);
        }
    }
}
