package dev.docsassistant.content;

/**
 * A part of a page under one heading: the unit that search ranks and the assistant quotes.
 *
 * @param anchor      the heading's anchor ({@code listing-tools}), or null for the text before the first heading
 * @param heading     the heading text, or null for the lead section
 * @param headingPath the enclosing headings and this one, joined with " › "
 * @param markdown    the section's Markdown, its heading line included
 */
public record Section(String anchor, String heading, String headingPath, String markdown) {
}
