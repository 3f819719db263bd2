package dev.docsassistant.resume;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The recorded events of the answers being produced, one active answer per thread (a new question
 * in the thread replaces the record). Events are opaque strings (the v2 stream's JSON chunks).
 * Thread ids are unguessable and the caller checks the thread's domain and key before following.
 */
public interface AnswerRecords extends AutoCloseable {

    /** Starts the record of the thread's new answer, replacing any earlier one; it is active until {@link Recording#end}. */
    Recording record(String threadId);

    /** The thread's active answer, to follow from its first event; empty when none is being produced. */
    Optional<Follower> follow(String threadId);

    /** What the route producing an answer writes. Never throws: an answer goes on when its record cannot be written. */
    interface Recording {
        /** Records nothing: an answer no one can resume. */
        Recording NONE = new Recording() {
            @Override
            public void append(String event) {
            }

            @Override
            public void touch() {
            }

            @Override
            public void end() {
            }
        };

        void append(String event);

        /** A sign of life while nothing is written (the model thinks): the record stays alive. */
        void touch();

        /** The answer is over (finished, failed or abandoned): followers end after its last event. */
        void end();

        /**
         * A newer answer of the thread has started on this server (the client asked again instead of
         * resuming): this one need not outlive its reader. Across servers the older one runs on until
         * its reader's absence outlasts {@code stream.resume.outlive-reader}.
         */
        default boolean superseded() {
            return false;
        }
    }

    /** One reader following an answer. */
    interface Follower {
        /**
         * The events after those already returned, waiting up to {@code wait} for some; an empty batch
         * when none came in time.
         */
        Batch next(Duration wait) throws InterruptedException;
    }

    /**
     * @param ended  the answer is over after these events
     * @param lost   it ended without its last events (its server stopped, its record expired)
     */
    record Batch(List<String> events, boolean ended, boolean lost) {
        static final Batch NOTHING_YET = new Batch(List.of(), false, false);
    }

    @Override
    default void close() {
    }
}
