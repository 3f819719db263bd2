package dev.docsassistant.search;

/** Receives progress while a site's sections are embedded (for the log of {@code index} and {@code serve}). */
public interface EmbeddingProgress {
    EmbeddingProgress NONE = (done, total) -> {
    };

    /** {@code done} of {@code total} sections missing from the cache are embedded. */
    void update(int done, int total);
}
