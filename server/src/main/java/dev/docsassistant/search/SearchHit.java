package dev.docsassistant.search;

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

    /** The page path without the anchor. */
    public String pagePath() {
        int hash = path.indexOf('#');
        return hash < 0 ? path : path.substring(0, hash);
    }
}
