package dev.docsassistant.rest;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A keep-alive tick that fires as the answer ends (its ticker is cancelled only after the last event
 * is written) sends nothing after that last event: not on the v2 UI message stream, not on the
 * OpenAI-compatible one, whether the tick comes just after the last write or waits on it.
 */
class KeepAliveAfterTheEndTest {
    private static final String DONE = "data: [DONE]\n\n";

    /** A socket whose {@code hook} runs at each write, before the bytes are taken. */
    private static final class Socket extends ByteArrayOutputStream {
        Consumer<String> hook = text -> { };

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            hook.accept(new String(b, off, len, StandardCharsets.UTF_8));
            super.write(b, off, len);
        }

        String sent() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void v2TickJustAfterTheFinishSendsNothingAfterDone() {
        Socket socket = new Socket();
        StreamOutput out = new StreamOutput(() -> socket, () -> false);
        UiMessageStream stream = new UiMessageStream(out, false, false);
        stream.keepAlive(); // while the model is slow: sent
        stream.start("msg_1", "t1");
        stream.text("Answer.");
        stream.finish("t1");
        stream.keepAlive(); // the ticker not yet cancelled
        out.close();
        assertTrue(socket.sent().startsWith(": keep-alive\n\n"), socket.sent());
        assertTrue(socket.sent().endsWith(DONE), "[DONE] ends the stream: " + socket.sent());
    }

    @Test
    void v2TickJustAfterAnErrorSendsNothingAfterDone() {
        Socket socket = new Socket();
        StreamOutput out = new StreamOutput(() -> socket, () -> false);
        UiMessageStream stream = new UiMessageStream(out, false, false);
        stream.start("msg_1", "t1");
        stream.error("the model broke off");
        stream.keepAlive();
        out.close();
        assertTrue(socket.sent().endsWith(DONE), "[DONE] ends the stream: " + socket.sent());
    }

    @Test
    void openAiTickJustAfterTheFinishOrAnErrorSendsNothingAfterIt() {
        Socket finished = new Socket();
        StreamOutput out = new StreamOutput(() -> finished, () -> false);
        ChatCompletionChunks chunks = new ChatCompletionChunks(out, "docs", 0);
        chunks.start("msg_1", "t1");
        chunks.text("Answer.");
        chunks.finish("t1");
        chunks.keepAlive();
        out.close();
        assertTrue(finished.sent().endsWith(DONE), "[DONE] ends the stream: " + finished.sent());

        Socket failed = new Socket();
        StreamOutput failedOut = new StreamOutput(() -> failed, () -> false);
        ChatCompletionChunks failedChunks = new ChatCompletionChunks(failedOut, "docs", 0);
        failedChunks.start("msg_1", "t1");
        failedChunks.error("the model broke off");
        failedChunks.keepAlive();
        failedOut.close();
        assertTrue(failed.sent().endsWith(OpenAiErrors.event("the model broke off")),
                "the error ends the stream: " + failed.sent());
    }

    /**
     * The tick's thread reaches the body while {@code [DONE]} is being written (it waits on the
     * body's lock): once let in, it finds the stream ended.
     */
    @Test
    void aTickWaitingOnTheLastWriteSendsNothingAfterIt() throws InterruptedException {
        Socket socket = new Socket();
        StreamOutput out = new StreamOutput(() -> socket, () -> false);
        UiMessageStream stream = new UiMessageStream(out, false, false);
        stream.start("msg_1", "t1");
        stream.text("Answer.");
        Thread[] tick = new Thread[1];
        CountDownLatch tickDone = new CountDownLatch(1);
        socket.hook = text -> {
            if (text.equals(DONE) && tick[0] == null) {
                tick[0] = Thread.ofPlatform().name("test-keep-alive-tick").start(() -> {
                    stream.keepAlive();
                    tickDone.countDown();
                });
                awaitBlocked(tick[0]);
            }
        };
        stream.finish("t1");
        assertTrue(tickDone.await(30, TimeUnit.SECONDS), "the tick ran");
        out.close();
        assertTrue(socket.sent().endsWith(DONE), "[DONE] ends the stream: " + socket.sent());
        assertEquals(socket.sent().indexOf(DONE), socket.sent().lastIndexOf(DONE));
    }

    /** Until {@code thread} waits on a lock (the body's, held by the writer); the bound only keeps a failing test from hanging. */
    private static void awaitBlocked(Thread thread) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (thread.getState() != Thread.State.BLOCKED && thread.isAlive() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }
}
