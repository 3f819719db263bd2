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
        assertEquals(List.of("## Setup", "Install it:", "- first step\n- second step\n1. numbered step",
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
    void aTableIsOneBlockAndAListWithItsContinuationsAnother() {
        List<String> blocks = MarkdownBlocks.split(SCHEDULE);
        assertTrue(blocks.stream().anyMatch(b -> b.startsWith("| Attempt | Delay |\n| --- | --- |\n| 2 |") && b.contains("| 4 | 30 minutes |")),
                blocks.toString());
        assertEquals(List.of("Steps:", "1. Create the endpoint\n   with its URL.\n\n2. Send a test event.", "Done."),
                MarkdownBlocks.split("Steps:\n\n1. Create the endpoint\n   with its URL.\n\n2. Send a test event.\n\nDone."));
    }

    @Test
    void aQuotedTableIsWholeEvenWhenOneRowMatches() {
        List<String> quoted = ExtractiveGenerator.bestBlocks(SCHEDULE, QuestionTerms.of("which attempt waits 5 minutes"));
        assertTrue(quoted.stream().anyMatch(b -> b.contains("| 2 | 30 seconds |") && b.contains("| 4 | 30 minutes |")), quoted.toString());
    }

    @Test
    void aBlockAnnouncingWhatFollowsComesWithItOrNotAtAll() {
        String section = "Every delivery carries a signature header:\n\n```text\nRelay-Signature: t=1,v1=abc\n```\n\nCheck it.";
        assertEquals(List.of("Every delivery carries a signature header:", "```text\nRelay-Signature: t=1,v1=abc\n```"),
                ExtractiveGenerator.bestBlocks(section, QuestionTerms.of("signature header")));
        assertEquals(List.of(), ExtractiveGenerator.bestBlocks("Intro.\n\nThe signature header holds:", QuestionTerms.of("signature header")),
                "nothing follows: no dangling colon");
    }
}
