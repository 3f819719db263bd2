package dev.docsassistant.assistant;

import dev.docsassistant.search.SearchHit;

import java.util.Optional;
import java.util.logging.Logger;

/**
 * Tries the primary generator; when it fails before it has written anything, the fallback answers
 * instead. Once text or a source has been streamed the failure stands: splicing a second answer
 * onto half of the first would read as one wrong answer.
 */
public final class FallbackGenerator implements AnswerGenerator {
    private static final Logger LOG = Logger.getLogger(FallbackGenerator.class.getName());
    private final AnswerGenerator primary;
    private final AnswerGenerator fallback;

    public FallbackGenerator(AnswerGenerator primary, AnswerGenerator fallback) {
        this.primary = primary;
        this.fallback = fallback;
    }

    @Override
    public boolean mayFailBeforeWriting() {
        return fallback.mayFailBeforeWriting();
    }

    /** The primary's: the query is searched before either of them writes (and a failed rewrite falls back on its own). */
    @Override
    public Optional<String> searchQuery(QueryInput input) {
        return primary.searchQuery(input);
    }

    @Override
    public void generate(Input input, Output output) {
        boolean[] wrote = {false};
        try {
            primary.generate(input, new Output() {
                @Override
                public void source(SearchHit hit) {
                    wrote[0] = true;
                    output.source(hit);
                }

                @Override
                public void text(String delta) {
                    wrote[0] = true;
                    output.text(delta);
                }

                @Override
                public void reasoning(String delta) {
                    output.reasoning(delta); // not the answer: an answer from the fallback after it is still one answer
                }

                @Override
                public boolean abandoned() {
                    return output.abandoned();
                }
            });
        } catch (GeneratorException e) {
            if (wrote[0]) {
                throw e;
            }
            LOG.info("answer generator failed before streaming (" + e.getMessage() + "); answering with the fallback");
            fallback.generate(input, output);
        }
    }
}
