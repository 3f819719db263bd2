package dev.docsassistant.assistant;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MarkdownBlocksTest {
    private static final String SCHEDULE = """
            Failed deliveries are retried.

            | Attempt | Delay |
            | --- | --- |
            | 2 | 30 seconds |
            | 3 | 5 minutes |
            | 4 | 30 minutes |

            After the last attempt the delivery fails.
            """;

    @Test
    void headingsListItemsAndFencedCodeAreBlocksOfTheirOwn() {
        String markdown = """
                ## Setup
                Install it:

                - first step
                - second step
                1. numbered step

                ```bash
                npm install

                npm run build
                ```
                ~~~
                | not a table |
                ~~~
                Last line
                continues here.
                """;
        assertEquals(List.of("## Setup", "Install it:", "- first step", "- second step", "1. numbered step",
                "```bash\nnpm install\n\nnpm run build\n```", "~~~\n| not a table |\n~~~", "Last line\ncontinues here."),
                MarkdownBlocks.split(markdown));
        // Nothing needs a blank line before it: a table or a fence right under a paragraph starts a block.
        assertEquals(List.of("Before the table:", "| a | b |\n| - | - |\n| 1 | 2 |", "Run:", "```sh\nmake\n```"),
                MarkdownBlocks.split("Before the table:\n| a | b |\n| - | - |\n| 1 | 2 |\nRun:\n```sh\nmake\n```"));
        assertEquals(List.of("| lone row |"), MarkdownBlocks.split("| lone row |"));
        assertTrue(MarkdownBlocks.isHeading("## Setup"));
        assertFalse(MarkdownBlocks.isHeading("Install it:"));
    }

    @Test
    void tableRowsAreBlocksUnderTheirHeader() {
        List<String> blocks = MarkdownBlocks.split(SCHEDULE);
        assertEquals("| Attempt | Delay |\n| --- | --- |\n| 3 | 5 minutes |", blocks.get(2));
        assertEquals(5, blocks.size());
    }

    @Test
    void quotedRowsOfOneTableShareOneHeader() {
        List<String> quoted = ExtractiveGenerator.bestBlocks(SCHEDULE, QuestionTerms.of("delay attempt 3 4 minutes"));
        assertEquals(List.of("| Attempt | Delay |\n| --- | --- |\n| 2 | 30 seconds |\n| 3 | 5 minutes |\n| 4 | 30 minutes |"),
                quoted);
    }

    @Test
    void rowsOfDifferentTablesStayApart() {
        List<String> joined = MarkdownBlocks.joinTableRows(List.of("| a |\n| - |\n| 1 |", "| b |\n| - |\n| 2 |", "text"));
        assertEquals(3, joined.size());
    }
}
