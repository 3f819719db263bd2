package dev.docsassistant.render;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * A page's {@code <Panel>} content, taken out of the text for the right-hand column, where Mintlify's
 * {@code components/panel.mdx} puts it in place of the table of contents.
 *
 * @param body  the clean body without its panels
 * @param panel the panels' content, in page order; empty when the page has none
 */
record SidePanel(String body, String panel) {

    /** Splits the clean body; a body without a top-level panel is returned as it is. */
    static SidePanel of(String html) {
        if (!html.contains("<aside class=\"panel\">")) {
            return new SidePanel(html, "");
        }
        Document doc = Jsoup.parseBodyFragment(html);
        doc.outputSettings().prettyPrint(false);
        Elements panels = doc.body().select("> aside.panel");
        if (panels.isEmpty()) {
            return new SidePanel(html, "");
        }
        StringBuilder content = new StringBuilder();
        for (Element panel : panels) {
            panel.remove();
            content.append(panel.html());
        }
        return new SidePanel(doc.body().html(), content.toString());
    }
}
