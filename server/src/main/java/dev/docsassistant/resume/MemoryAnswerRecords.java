package dev.docsassistant.resume;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Answer records in this server's memory: a reader can resume only on the server producing the
 * answer. A record leaves the map when its answer ends (followers keep their reference to read its
 * last events), so memory holds at most the answers streaming now ({@code stream.max-open}).
 */
public final class MemoryAnswerRecords implements AnswerRecords {
    private final Map<String, Answer> active = new ConcurrentHashMap<>();

    @Override
    public Recording record(String threadId) {
        Answer answer = new Answer();
        Answer replaced = active.put(threadId, answer);
        if (replaced != null) {
            replaced.supersede(); // its followers stop; the thread's new answer is another record
        }
        return new Recording() {
            @Override
            public void append(String event) {
                answer.append(event);
            }

            @Override
            public void touch() {
            }

            @Override
            public void end() {
                active.remove(threadId, answer);
                answer.end();
            }

            @Override
            public boolean superseded() {
                return answer.superseded();
            }
        };
    }

    @Override
    public Optional<Follower> follow(String threadId) {
        Answer answer = active.get(threadId);
        if (answer == null) {
            return Optional.empty();
        }
        int[] read = {0};
        return Optional.of(wait -> answer.after(read, wait));
    }

    /** One answer's events so far; followers wait on it for more. */
    private static final class Answer {
        private final List<String> events = new ArrayList<>();
        private boolean ended;
        private boolean superseded;

        synchronized void supersede() {
            superseded = true;
            end();
        }

        synchronized boolean superseded() {
            return superseded;
        }

        synchronized void append(String event) {
            if (!ended) {
                events.add(event);
                notifyAll();
            }
        }

        synchronized void end() {
            ended = true;
            notifyAll();
        }

        /** The events from {@code read[0]} on (advancing it), waiting up to {@code wait} while there are none. */
        synchronized Batch after(int[] read, Duration wait) throws InterruptedException {
            long deadline = System.nanoTime() + wait.toNanos();
            while (read[0] == events.size() && !ended) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return Batch.NOTHING_YET;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            List<String> batch = List.copyOf(events.subList(read[0], events.size()));
            read[0] = events.size();
            return new Batch(batch, ended, false);
        }
    }
}
