package dev.docsassistant.insights;

import java.time.Instant;
import java.util.List;

/**
 * One question and its answer in a stored conversation, with the reader's feedback if any.
 *
 * @param helpful null when no feedback was given
 * @param reader  who asked, where the site records readers' identities ({@link AnswerRecord#reader}); null otherwise
 */
public record Turn(String threadId, String messageId, Instant at, String channel, String question, String answer,
                   boolean answered, List<CitedPage> sources, long latencyMs, Boolean helpful, String comment, String reader) {
}
