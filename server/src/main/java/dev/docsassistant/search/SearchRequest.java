package dev.docsassistant.search;

/**
 * One search over a site.
 *
 * @param query          the user's words
 * @param pageSize       at most this many results (one per page)
 * @param scoreThreshold results scoring below this (0–1) are left out
 * @param filter         version, language, tag and access groups
 * @param currentPath    the page the user is reading, or null; pages near it rank higher
 */
public record SearchRequest(String query, int pageSize, double scoreThreshold, SearchFilter filter, String currentPath) {
    public SearchRequest {
        filter = filter == null ? SearchFilter.NONE : filter;
    }

    /** This search under another filter. */
    public SearchRequest withFilter(SearchFilter filter) {
        return new SearchRequest(query, pageSize, scoreThreshold, filter, currentPath);
    }

    public static SearchRequest of(String query, int pageSize) {
        return new SearchRequest(query, pageSize, 0, SearchFilter.NONE, null);
    }
}
