package dev.docsassistant.search;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.AnalyzerWrapper;

/**
 * An analyzer that builds its chain anew for every text and keeps nothing per thread. Lucene's
 * analyzers cache their chain per thread, which pays off for indexing threads; queries run on a
 * virtual thread per request, so that cache is never reused and only holds a few KB for as long as
 * the request's thread lives: for the whole of an answer that waits on a language model.
 */
final class PerCallAnalyzer extends AnalyzerWrapper {
    private static final ReuseStrategy NO_REUSE = new ReuseStrategy() {
        @Override
        public TokenStreamComponents getReusableComponents(Analyzer analyzer, String fieldName) {
            return null;
        }

        @Override
        public void setReusableComponents(Analyzer analyzer, String fieldName, TokenStreamComponents components) {
            // Nothing is kept.
        }
    };

    private final Analyzer wrapped;

    PerCallAnalyzer(Analyzer wrapped) {
        super(NO_REUSE);
        this.wrapped = wrapped;
    }

    @Override
    protected Analyzer getWrappedAnalyzer(String fieldName) {
        return wrapped;
    }
}
