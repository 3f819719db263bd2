package dev.docsassistant.content.mdx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@link DiagramCheck} reports of Mermaid diagrams. */
class DiagramCheckTest {
    private static List<String> problems(String body) {
        List<String> found = new ArrayList<>();
        DiagramCheck.check(body, 1, false, (line, column, message) -> found.add(line + ":" + column + " " + message));
        return found;
    }

    @Test
    void mermaidsOwnFrontMatterComesBeforeTheDiagramType() {
        assertEquals(List.of(), problems("""
                ```mermaid
                ---
                config:
                    theme: neutral
                ---
                sequenceDiagram
                    actor User
                    User->>Client: ask
                ```
                """));
    }

    @Test
    void aSequencesAsyncArrowIsNotABracket() {
        assertEquals(List.of(), problems("```mermaid\nsequenceDiagram\n    Client--)Server: initialized (notification\n    S-)C: done\n```\n"));
    }

    @Test
    void aFlowchartNodeLeftOpenIsReported() {
        List<String> found = problems("```mermaid\nflowchart LR\n    A[Start --> B\n```\n");
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).startsWith("3:1 Mermaid diagram line has brackets that do not pair"), found.toString());
    }

    @Test
    void aDiagramWithoutTypeIsReportedAtItsLine() {
        List<String> found = problems("Text\n\n```mermaid\n---\ntitle: x\n---\nUser->>Client: ask\n```\n");
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).startsWith("7:1 Mermaid diagram starts with \"User->>Client:\""), found.toString());
    }
}
