package dev.docsassistant.search;

import java.nio.file.Path;
import java.util.concurrent.Executor;

/**
 * How one site's index is built and searched.
 *
 * @param mode           hybrid (BM25 and embeddings fused) or keyword (BM25 alone)
 * @param embeddingCache the folder of the embedding cache (used in hybrid mode)
 * @param progress       told how embedding goes when sections have to be embedded
 * @param shared         the fleet's shared vectors, asked for what the local cache lacks ({@link SharedVectors#NONE} alone)
 * @param background     where sections missing from the caches are embedded once the index serves (one batch per
 *                       task, {@link BackgroundEmbedding}); null embeds them while the index is built
 */
public record SearchSettings(SearchMode mode, Path embeddingCache, EmbeddingProgress progress, SharedVectors shared,
                             Executor background) {
    public static final SearchSettings KEYWORD = new SearchSettings(SearchMode.KEYWORD, null, EmbeddingProgress.NONE);

    public SearchSettings {
        progress = progress == null ? EmbeddingProgress.NONE : progress;
        shared = shared == null ? SharedVectors.NONE : shared;
        if (mode == SearchMode.HYBRID && embeddingCache == null) {
            throw new IllegalArgumentException("hybrid search needs an embedding cache folder");
        }
    }

    /** Settings with no shared vectors (one server alone). */
    public SearchSettings(SearchMode mode, Path embeddingCache, EmbeddingProgress progress) {
        this(mode, embeddingCache, progress, SharedVectors.NONE, null);
    }

    public static SearchSettings hybrid(Path embeddingCache) {
        return new SearchSettings(SearchMode.HYBRID, embeddingCache, EmbeddingProgress.NONE);
    }

    public SearchSettings withProgress(EmbeddingProgress progress) {
        return new SearchSettings(mode, embeddingCache, progress, shared, background);
    }

    /** The same settings embedding what the caches lack on {@code executor} once the index serves (null: while building). */
    public SearchSettings withBackground(Executor executor) {
        return new SearchSettings(mode, embeddingCache, progress, shared, executor);
    }

    /**
     * Where missing section vectors are embedded after the index serves, or null to embed them while it is
     * built: hybrid mode only, and not in a fleet, whose server that stores a deployment embeds its new
     * sections before announcing it so that the other servers take them from the store (no section is
     * embedded twice).
     */
    Executor embedLater() {
        return mode == SearchMode.HYBRID && shared == SharedVectors.NONE ? background : null;
    }

    /** The same settings with the fleet's shared vectors as the embedding cache's second level. */
    public SearchSettings withShared(SharedVectors shared) {
        return new SearchSettings(mode, embeddingCache, progress, shared, background);
    }
}
