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
 * @param score    relevance normalised to 0–1
 */
public record SearchHit(String path, String title, String section, String content,
                        String version, String language, double score) {

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
