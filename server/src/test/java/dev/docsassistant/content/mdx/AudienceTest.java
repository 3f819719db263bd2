package dev.docsassistant.content.mdx;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AudienceTest {
    private static String convert(String mdx) {
        return MdxToMarkdown.convert(mdx, path -> null);
    }

    @Test
    void agentsContentStaysAndHumansContentGoes() {
        String md = convert("""
                Intro.

                <Visibility for="humans">
                  <Note>
                    Click the **Get started** button.
                  </Note>
                </Visibility>

                <Visibility for="agents">
                  To create an account, call `POST /v1/accounts`.
                </Visibility>

                Outro with <Visibility for="humans">inline human words</Visibility> and <Visibility for="agents">inline agent words</Visibility>.
                """);
        assertTrue(md.contains("To create an account, call `POST /v1/accounts`."), md);
        assertTrue(md.contains("inline agent words"), md);
        assertFalse(md.contains("Get started"), md);
        assertFalse(md.contains("inline human words"), md);
        assertFalse(md.contains("Visibility"), md);
        assertTrue(md.startsWith("Intro.") && md.contains("Outro with"), md);
    }

    @Test
    void examplesInCodeBlocksAreKeptVerbatim() {
        String mdx = """
                ```mdx
                <Visibility for="humans">
                  Shown on the web.
                </Visibility>
                ```

                <Visibility for="humans">
                ```bash
                npm i -g mint
                ```
                </Visibility>
                After.
                """;
        String md = convert(mdx);
        assertTrue(md.contains("<Visibility for=\"humans\">\n  Shown on the web.\n</Visibility>"), md);
        assertFalse(md.contains("npm i -g mint"), md);
        assertTrue(md.contains("After."), md);
    }

    @Test
    void nestedBlocksCloseAtTheirOwnTag() {
        // Tag lines leave blank lines behind, which Markdown ignores.
        assertEquals("a\nc\n", lines(Audience.AGENTS.keep("a\n<Visibility for=\"humans\">\n<Visibility for=\"agents\">\nb\n</Visibility>\n</Visibility>\nc\n")));
        assertEquals("x\ny\nz\n", lines(Audience.AGENTS.keep("x\n<Visibility for=\"agents\">\ny\n</Visibility>\nz\n")));
    }

    @Test
    void oneWalkGivesEachAudienceItsView() {
        String mdx = "A <Visibility for=\"humans\">h</Visibility> B <Visibility for=\"agents\">a</Visibility> C `<Visibility for=\"humans\">` D";
        assertEquals("A <Visibility for=\"humans\">h</Visibility> B  C `<Visibility for=\"humans\">` D", Audience.READERS.keep(mdx),
                "readers lose the agents' block and keep the tags of theirs (the page renders them)");
        assertEquals("A  B a C `<Visibility for=\"humans\">` D", Audience.AGENTS.keep(mdx),
                "agents lose the humans' block and the tags of theirs; a tag in inline code is text");
    }

    private static String lines(String text) {
        return text.replaceAll("\n+", "\n");
    }
}
