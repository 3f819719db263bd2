package dev.docsassistant.render;

import org.junit.jupiter.api.Test;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Mintlify's {@code expandable} code blocks: a long one is collapsed behind a control that needs no script. */
class ExpandableCodeTest {
    private static String block(String meta, int lines) {
        String code = IntStream.rangeClosed(1, lines).mapToObj(i -> "echo line-" + i).collect(Collectors.joining("\n"));
        return "```bash " + meta + "\n" + code + "\n```\n";
    }

    private static String html(String markdown, String language) {
        return MarkdownHtml.render(markdown, new LinkResolver(""), UiStrings.of(language)).html();
    }

    @Test
    void aLongExpandableBlockIsCollapsedBehindADisclosure() {
        for (String meta : new String[] {"expandable", "install.sh expandable", "[expandable]"}) {
            String html = html(block(meta, 30), "en");
            assertTrue(html.contains("<div class=\"code-block expandable\">"), html);
            assertTrue(html.contains("<details class=\"code-expand\"><summary><span class=\"code-expand-more\">Show all 30 lines</span>"
                    + "<span class=\"code-expand-less\">Show less</span></summary></details></div>"), html);
            // All the code is on the page (the stylesheet limits what shows), and the control is not part of the code.
            assertTrue(html.contains("echo line-30"), html);
            assertTrue(html.indexOf("<details") > html.indexOf("</pre>"), html);
        }
    }

    @Test
    void aShortOrPlainBlockShowsInFull() {
        assertFalse(html(block("expandable", MarkdownHtml.EXPANDABLE_LINES), "en").contains("code-expand"));
        assertFalse(html(block("", 30), "en").contains("code-expand"));
        assertTrue(html(block("expandable", MarkdownHtml.EXPANDABLE_LINES + 1), "en").contains("Show all 13 lines"));
    }

    @Test
    void theControlSpeaksThePagesLanguage() {
        assertTrue(html(block("expandable", 20), "fr").contains("Afficher les 20 lignes"));
    }
}
