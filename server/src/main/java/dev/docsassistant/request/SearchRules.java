package dev.docsassistant.request;

import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.search.SearchRequest;

import java.util.List;

/** The rules of a search and a page request ({@code /v1/search}, {@code /v1/page} and their gRPC twins). */
public final class SearchRules {
    public static final int MAX_QUERY_CHARS = 2000;
    public static final int MAX_PAGE_SIZE = 50;
    public static final int DEFAULT_PAGE_SIZE = 10;
    public static final int MAX_GROUPS = 100;
    /** An access group's name, as front matter and keys spell it. */
    public static final int MAX_GROUP_CHARS = 100;
    /** A filter's version label, language code or tag. */
    public static final int MAX_FILTER_VALUE_CHARS = 100;
    /** A page path as a page request spells it (any spelling: /x, x.mdx, /x#anchor). */
    public static final int MAX_PATH_CHARS = 500;

    private SearchRules() {
    }

    /**
     * @param pageSize       null for the default
     * @param scoreThreshold null for none
     */
    public static SearchRequest search(String query, Number pageSize, Number scoreThreshold, SearchFilter filter) {
        Rules.maxLength("query", Rules.required("query", query), MAX_QUERY_CHARS);
        return new SearchRequest(query,
                Rules.intInRange("pageSize", pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
                Rules.numberInRange("scoreThreshold", scoreThreshold, 0, 1, 0),
                filter(filter), null);
    }

    /** The page path of a page request. */
    public static String pagePath(String path) {
        return Rules.maxLength("path", Rules.required("path", path), MAX_PATH_CHARS);
    }

    /** The access groups of a page request. */
    public static List<String> groups(List<String> groups) {
        return groupNames("groups", Rules.maxItems("groups", groups, MAX_GROUPS));
    }

    /** A filter as sent (search or assistant); null means none. */
    public static SearchFilter filter(SearchFilter filter) {
        if (filter == null) {
            return SearchFilter.NONE;
        }
        Rules.maxLength("filter.version", filter.version(), MAX_FILTER_VALUE_CHARS);
        Rules.maxLength("filter.language", filter.language(), MAX_FILTER_VALUE_CHARS);
        Rules.maxLength("filter.tag", filter.tag(), MAX_FILTER_VALUE_CHARS);
        groupNames("filter.groups", Rules.maxItems("filter.groups", filter.groups(), MAX_GROUPS));
        return filter;
    }

    private static List<String> groupNames(String field, List<String> groups) {
        for (int i = 0; i < groups.size(); i++) {
            Rules.maxLength(field + "[" + i + "]", groups.get(i), MAX_GROUP_CHARS);
        }
        return groups;
    }
}
