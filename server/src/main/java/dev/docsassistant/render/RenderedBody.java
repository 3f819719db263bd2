package dev.docsassistant.render;

import java.util.List;

/**
 * A page body as HTML, and its outline.
 *
 * @param html     the body's HTML
 * @param headings the level 2 and 3 headings, for "On this page"
 * @param data     data elements for the page's scripts, placed in its head (the playground's form), or empty
 * @param panel    the page's {@code <Panel>} content, which replaces the outline; or empty
 */
record RenderedBody(String html, List<Heading> headings, String data, String panel) {

    RenderedBody(String html, List<Heading> headings) {
        this(html, headings, "", "");
    }

    /** One heading of the outline: its level, text and anchor id. */
    record Heading(int level, String text, String id) {
    }
}
