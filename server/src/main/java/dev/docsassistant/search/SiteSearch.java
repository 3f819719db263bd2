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

    /** Releases the index (its reader and files); the search answers nothing afterwards. */
    @Override
    default void close() {
    }
}
