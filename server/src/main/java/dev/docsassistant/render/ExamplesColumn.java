package dev.docsassistant.render;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * A page's {@code <RequestExample>} and {@code <ResponseExample>} blocks, gathered where Mintlify
 * shows them: in one column that the stylesheet puts beside the text on wide screens (sticky, as the
 * reader scrolls) and above it on narrow ones.
 */
final class ExamplesColumn {
    private ExamplesColumn() {
    }

    /** The clean body with its top-level example blocks moved into one column at its start; unchanged without any. */
    static String arrange(String html) {
        if (!html.contains("api-example")) {
            return html;
        }
        Document doc = Jsoup.parseBodyFragment(html);
        doc.outputSettings().prettyPrint(false);
        Elements examples = doc.body().select("> div.code-group.api-example");
        if (examples.isEmpty()) {
            return html;
        }
        Element column = new Element("div").addClass("api-examples");
        for (Element example : examples) {
            example.remove();
            column.appendChild(example);
        }
        doc.body().prependChild(column);
        return doc.body().html();
    }
}
