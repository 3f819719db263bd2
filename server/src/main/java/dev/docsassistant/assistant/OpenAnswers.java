package dev.docsassistant.assistant;

import dev.docsassistant.insights.Channel;
import dev.docsassistant.metrics.AppMetrics;
import dev.docsassistant.search.SearchHit;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The answers being streamed on this server, for the open-streams gauge, the answer-time
 * histograms and the graceful drain: a drain waits for them to finish, then {@link #expire}s those
 * still open, whose next event ends them with the stream's error event.
 */
public final class OpenAnswers {
    /** What an answer cut short by the drain tells its reader. */
    static final String DRAINED = "the server is shutting down; please ask again";

    private int open;
    private volatile boolean expired;

    public OpenAnswers() {
        AppMetrics.gauge("open_streams", "Assistant answers being streamed", List.of(), this::count);
    }

    public synchronized int count() {
        return open;
    }

    /** Waits until no answer is open or {@code timeout} passes; returns whether none is open. */
    public synchronized boolean awaitNone(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (open > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** From now on, every open answer's next event fails with {@link #DRAINED}, and so does any new one. */
    public void expire() {
        expired = true;
    }

    /** Tracks one answer streamed into {@code events}, accepted at {@code acceptedAt} ({@link System#nanoTime()}). */
    AssistantEvents track(AssistantEvents events, long acceptedAt) {
        synchronized (this) {
            open++;
        }
        return new Tracked(events, acceptedAt);
    }

    /** Ends the tracking of an answer {@link #track} returned. */
    void release(AssistantEvents tracked) {
        ((Tracked) tracked).close();
    }

    private synchronized void closed() {
        open--;
        notifyAll();
    }

    /** The sink of one tracked answer: times its first and last events and refuses events once expired. */
    private final class Tracked implements AssistantEvents, AutoCloseable {
        private final AssistantEvents events;
        private final long acceptedAt;
        private boolean done;

        Tracked(AssistantEvents events, long acceptedAt) {
            this.events = events;
            this.acceptedAt = acceptedAt;
        }

        private void check() {
            if (expired) {
                throw new GeneratorException(GeneratorException.Kind.UNAVAILABLE, DRAINED);
            }
        }

        @Override
        public void start(String messageId, String threadId) {
            check();
            events.start(messageId, threadId);
            AppMetrics.firstEvent(events.protocol(), System.nanoTime() - acceptedAt);
        }

        @Override
        public boolean committed() {
            return events.committed();
        }

        @Override
        public boolean abandoned() {
            return events.abandoned();
        }

        @Override
        public Channel channel() {
            return events.channel();
        }

        @Override
        public void searched(String query, List<SearchHit> results) {
            check();
            events.searched(query, results);
        }

        @Override
        public void source(AnswerSource source) {
            check();
            events.source(source);
        }

        @Override
        public void text(String delta) {
            check();
            events.text(delta);
        }

        @Override
        public void hold() {
            events.hold();
        }

        @Override
        public void release() {
            events.release();
        }

        @Override
        public boolean relaysReasoning() {
            return events.relaysReasoning();
        }

        @Override
        public void reasoning(String delta) {
            check();
            events.reasoning(delta);
        }

        @Override
        public void finish(String threadId) {
            events.finish(threadId);
            AppMetrics.fullAnswer(events.protocol(), System.nanoTime() - acceptedAt);
        }

        @Override
        public void error(String message) {
            events.error(message);
        }

        @Override
        public void close() {
            if (!done) {
                done = true;
                closed();
            }
        }
    }
}
