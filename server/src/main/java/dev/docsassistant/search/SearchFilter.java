package dev.docsassistant.search;

import java.util.List;

/**
 * Narrows a search. Null fields do not filter.
 *
 * @param version  a version label of the site's navigation ({@code versions[].version})
 * @param language a language code of the site's navigation ({@code languages[].language})
 * @param tag      a page tag
 * @param groups   the access groups of the caller; pages restricted to other groups stay hidden
 */
public record SearchFilter(String version, String language, String tag, List<String> groups) {
    public static final SearchFilter NONE = new SearchFilter(null, null, null, List.of());

    public SearchFilter {
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /** This filter reading {@code groups} instead (the caller's, as its credential allows). */
    public SearchFilter withGroups(List<String> groups) {
        return new SearchFilter(version, language, tag, groups);
    }
}
