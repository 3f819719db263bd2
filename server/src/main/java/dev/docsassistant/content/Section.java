package dev.docsassistant.content;

/**
 * A part of a page under one heading: the unit that search ranks and the assistant quotes. It
 * points into its page's Markdown rather than copying it: a site's text is then held once, not
 * twice (sections cover nearly all of a page).
 *
 * @param anchor       the heading's anchor ({@code listing-tools}), or null for the text before the first heading
 * @param heading      the heading text, or null for the lead section
 * @param headingPath  the enclosing headings and this one, joined with " › "
 * @param pageMarkdown the whole page's Markdown
 * @param start        where the section begins in it (its heading line included)
 * @param end          where it ends
 */
public record Section(String anchor, String heading, String headingPath, String pageMarkdown, int start, int end) {
    public Section {
        if (start < 0 || end < start || end > pageMarkdown.length()) {
            throw new IllegalArgumentException("section " + start + ".." + end + " outside a page of " + pageMarkdown.length());
        }
    }

    /** The section's Markdown, its heading line included. */
    public String markdown() {
        return pageMarkdown.substring(start, end);
    }

    @Override
    public String toString() {
        return "Section[" + anchor + ", " + heading + ", " + (end - start) + " chars]";
    }
}
