package dev.docsassistant.search;

import java.util.Locale;

/** How a site ranks: BM25 and sentence embeddings fused, or BM25 alone. */
public enum SearchMode {
    HYBRID,
    KEYWORD;

    /** Parses {@code hybrid} or {@code keyword} (any case); null for anything else. */
    public static SearchMode parse(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "hybrid" -> HYBRID;
            case "keyword" -> KEYWORD;
            default -> null;
        };
    }
}
