package dev.docsassistant.search;

import java.util.List;
import java.util.Optional;

/** Search and page look-up over one loaded documentation site. Thread-safe. */
public interface SiteSearch extends AutoCloseable {

    /** Ranked results, one per page, at most {@code request.pageSize()}. */
    List<SearchHit> search(SearchRequest request);

    /**
     * A published page by path ({@code /x}, {@code x}, {@code /x#anchor} and {@code /x.mdx} all name
     * the same page), if the caller's access groups may see it.
     */
    Optional<PageContent> page(String path, List<String> groups);

    /** Whether any indexed page uses this word, in any of the site's languages (as its analysis reduces it). */
    boolean mentions(String word);

    /** Sections a model covers whose vector is not in the index yet (embedded in the background; ranked by BM25 alone meanwhile). */
    default int sectionsWithoutVectors() {
        return 0;
    }

    /**
     * Completes once every section has its vector, with how many were embedded after the index began to serve
     * (at once, with 0, when none was missing).
     */
    default java.util.concurrent.CompletableFuture<Integer> vectorsFilled() {
        return java.util.concurrent.CompletableFuture.completedFuture(0);
    }

    /** Releases the index (its reader and files); the search answers nothing afterwards. */
    @Override
    default void close() {
    }
}
