package dev.docsassistant.insights;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One answered question as insights and conversations read it, written after the answer's
 * {@code finish}.
 *
 * @param answered  whether the answer named any source (an answer without one says the docs do not cover it)
 * @param latencyMs from the request being accepted to {@code finish}
 * @param reader    who asked: the signed-in reader's identity, only where the site records it
 *                  ({@code sites[].reader-auth.record-identity}); empty for everyone else
 */
public record AnswerRecord(String messageId, String threadId, String domain, Channel channel, String question,
                           String answer, List<CitedPage> sources, boolean answered, long latencyMs, Instant at,
                           Optional<String> reader) {
    public AnswerRecord {
        sources = List.copyOf(sources);
    }

    /** An answer to someone not known (no reader's identity recorded). */
    public AnswerRecord(String messageId, String threadId, String domain, Channel channel, String question, String answer,
                        List<CitedPage> sources, boolean answered, long latencyMs, Instant at) {
        this(messageId, threadId, domain, channel, question, answer, sources, answered, latencyMs, at, Optional.empty());
    }
}
