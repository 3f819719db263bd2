package dev.docsassistant.assistant;

import dev.docsassistant.content.AssistantSettings;
import dev.docsassistant.search.SearchHit;

import java.util.List;
import java.util.Optional;

/**
 * Writes an answer from retrieved documentation. Implementations stream text as they produce it and
 * name, as sources, only retrieved pages the answer actually uses. Nothing found that answers the
 * question: say so and name no source (that is how clients recognise a non-answer).
 *
 * <p>A source may come before the text that uses it (the extractive generator knows its quotes up
 * front) or right after it (a language model's link is known once it has been written); both AI
 * SDK stream protocols accept source parts anywhere among the text parts. A generator whose
 * service fails throws {@link GeneratorException}; one that finds the output gone gets
 * {@link AnswerAbandoned} from {@code Output} and must let it through, closing what it holds.
 */
public interface AnswerGenerator {

    /**
     * @param question     the question, as the reader asked it
     * @param conversation the earlier messages, oldest first
     * @param context      code and selections the reader attached (to understand the question, not to quote)
     * @param retrieved    the search results, best first
     * @param siteName     the documentation's name, for the words of a non-answer
     * @param currentPath  the page the reader is on, or null (reader input, like {@code context})
     * @param assistant    the site's own settings, deployed with its content: the maintainers'
     *                     instructions and the hand-off a non-answer ends with
     */
    record Input(String question, List<ChatMessage> conversation, List<ContextItem> context, List<SearchHit> retrieved,
                 String siteName, String currentPath, AssistantSettings assistant) {
        public Input {
            assistant = assistant == null ? AssistantSettings.NONE : assistant;
        }

        public Input(String question, List<ChatMessage> conversation, List<ContextItem> context, List<SearchHit> retrieved,
                     String siteName, String currentPath) {
            this(question, conversation, context, retrieved, siteName, currentPath, AssistantSettings.NONE);
        }
    }

    /**
     * What a search query is made from.
     *
     * @param question         the question, as the reader asked it
     * @param earlierQuestions the reader's earlier questions of the conversation, oldest first
     * @param context          code and selections the reader attached
     * @param siteName         the documentation's name
     */
    record QueryInput(String question, List<String> earlierQuestions, List<ContextItem> context, String siteName) {
    }

    /** Where the answer goes. */
    interface Output {
        /** A retrieved result the answer uses; each at most once. */
        void source(SearchHit hit);

        /** The next piece of the answer's Markdown. */
        void text(String delta);

        /**
         * The next piece of the model's reasoning before (or between) its answer's words: never part of
         * the answer or the thread; relayed only to readers who asked for it.
         */
        default void reasoning(String delta) {
        }

        /**
         * The pieces that follow, up to {@link #release()}, are ready together: they may reach the
         * reader as one (consecutive text as one delta, the events in one write). A generator that
         * has produced everything, or has more already received, holds; it releases before it waits.
         */
        default void hold() {
        }

        /** Sends the held pieces now. */
        default void release() {
        }

        /**
         * Whether the reader is known to have gone. A generator waiting on a slow service checks it
         * now and then, so that a model still thinking is not left running for nobody.
         */
        default boolean abandoned() {
            return false;
        }
    }

    void generate(Input input, Output output);

    /**
     * The query to search the documentation with when this generator writes one itself (a language
     * model turning a follow-up into a standalone query), the reader's context not included (it is
     * added as for any query); empty to search as usual. Never fails: whatever goes wrong, the
     * search goes ahead without it.
     */
    default Optional<String> searchQuery(QueryInput input) {
        return Optional.empty();
    }

    /**
     * Whether this generator can fail before it writes anything (it calls a remote service). Then
     * the answer's start waits for its first output, so that such a failure can still be answered
     * with a status; a generator that cannot fail that way lets the stream start at once.
     */
    default boolean mayFailBeforeWriting() {
        return true;
    }
}
