package dev.docsassistant.search;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The best section of one page for a query.
 *
 * @param path     the page path with the section anchor, e.g. {@code /specification/2025-06-18/server/tools#listing-tools}
 * @param title    the page title
 * @param section  the section heading, or null for the page's lead section
 * @param content  the section text (Markdown)
 * @param version  the page's navigation version label, or null
 * @param language the page's language code, or null
 * @param score    what the result was ranked by, 0–1 (results come in this order)
 * @param relevance how well the section alone matches, 0–1, before the ranking's weights (a BM25 share or a
 *                 cosine; not shown to clients): what the offline assistant judges a question answerable by
 * @param following the Markdown of the section after this one on its page, or null (not shown to clients): what a
 *                  short introduction leads to
 */
public record SearchHit(String path, String title, String section, String content,
                        String version, String language, double score, double relevance, String following) {

    /** A hit whose relevance is its score, the last section of its page. */
    public SearchHit(String path, String title, String section, String content, String version, String language,
                     double score) {
        this(path, title, section, content, version, language, score, score, null);
    }

    /** The result as the search API returns it (Mintlify's shape): content, path and metadata. */
    public Map<String, Object> asResult() {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("title", title);
        if (section != null) {
            metadata.put("section", section);
        }
        if (version != null) {
            metadata.put("version", version);
        }
        if (language != null) {
            metadata.put("language", language);
        }
        metadata.put("score", score);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("content", content);
        result.put("path", path);
        result.put("metadata", metadata);
        return result;
    }

    /** The page path without the anchor. */
    public String pagePath() {
        int hash = path.indexOf('#');
        return hash < 0 ? path : path.substring(0, hash);
    }
}
