package dev.docsassistant.insights;

import java.time.Instant;
import java.util.List;

/**
 * One answered question as insights and conversations read it, written after the answer's
 * {@code finish}.
 *
 * @param answered  whether the answer named any source (an answer without one says the docs do not cover it)
 * @param latencyMs from the request being accepted to {@code finish}
 */
public record AnswerRecord(String messageId, String threadId, String domain, Channel channel, String question,
                           String answer, List<CitedPage> sources, boolean answered, long latencyMs, Instant at) {
    public AnswerRecord {
        sources = List.copyOf(sources);
    }
}
