package dev.docsassistant.assistant;

import dev.docsassistant.insights.Channel;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.store.Database;
import dev.docsassistant.testing.HelperThreads;
import dev.docsassistant.testing.TestApps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Past {@code stream.max-open} answers streaming at once, a new one is refused before it starts; once one ends, accepted again. */
class MaxOpenAnswersTest {
    /** The in-process caller: a private key of its own. */
    private static final ThreadCaller OWNER = ThreadCaller.key("test", java.util.List.of());
    @TempDir
    Path dir;

    @Test
    void aNewAnswerIsRefusedWhileAsManyAsAllowedAreStreaming() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        AnswerGenerator waitingModel = (input, out) -> {
            out.text("thinking… ");
            writing.countDown();
            try {
                finish.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            out.text("done");
        };
        try (Database db = Database.openSqlite(dir.resolve("threads"))) {
            AssistantService assistant = new AssistantService(TestApps.exampleSite().sites(), new ThreadStore(db),
                    Generators.of(waitingModel), record -> { }, 2);
            CollectedAnswer first = new CollectedAnswer(Channel.MCP);
            CollectedAnswer second = new CollectedAnswer(Channel.MCP);
            try (HelperThreads answering = new HelperThreads()) {
                answering.start("first-answer", () -> assistant.answer(assistant.accept(ask(), OWNER), first));
                assertTrue(writing.await(30, TimeUnit.SECONDS));
                answering.start("second-answer", () -> assistant.answer(assistant.accept(ask(), OWNER), second));
                answering.await(() -> assistant.openAnswers().count() == 2, Duration.ofSeconds(30), "two answers open");

                AssistantException refused = assertThrows(AssistantException.class, () -> assistant.accept(ask(), OWNER));
                assertEquals(AssistantException.Kind.BUSY, refused.kind());
                assertEquals("the server is streaming as many answers as it can (2); please retry in a moment", refused.getMessage());

                finish.countDown();
                answering.stopAndJoin(Duration.ofSeconds(30));
            }
            assertEquals("thinking… done", first.text());
            CollectedAnswer third = new CollectedAnswer(Channel.MCP);
            assistant.answer(assistant.accept(ask(), OWNER), third);
            assertEquals("thinking… done", third.text());
        }
    }

    private static AssistantRequest ask() {
        return new AssistantRequest("acme", "anonymous", List.of(new ChatMessage("user", "How are failed deliveries retried?", null)),
                null, null, 5, SearchFilter.NONE, List.of(), null);
    }
}
