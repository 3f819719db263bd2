package dev.docsassistant.content.mdx;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NestingLimitsTest {
    private static List<String> problems(String body) {
        List<String> found = new ArrayList<>();
        NestingLimits.check(body, 5, (line, column, message) -> found.add(line + ":" + column + " " + message));
        return found;
    }

    @Test
    void realNestingPassesAndTheFirstLineOverIsReported() {
        assertEquals(List.of(), problems("> quote\n> > inner\n- item\n  - sub\n    > quoted in a list\n<Note>\n<Card>x</Card>\n</Note>\n"));
        assertEquals(List.of("6:1 block quotes and lists nested 33 deep (at most 32)"),
                problems("ok\n" + "> ".repeat(33) + "x\n" + "> ".repeat(40) + "y\n"));
        assertEquals(List.of("6:1 block quotes and lists nested 40 deep (at most 32)"), problems("ok\n" + ">".repeat(20) + " - ".repeat(20) + "x\n"));
    }

    @Test
    void componentsCountOpeningsAndClosingsNotSelfClosingOnes() {
        String ok = ("<Note>\n<Icon icon=\"x\" />\n</Note>\n").repeat(100);
        assertEquals(List.of(), problems(ok));
        assertEquals(List.of("37:1 components nested more than 32 deep"), problems("<Note>\n".repeat(40) + "</Note>\n".repeat(40)));
        assertEquals(List.of("5:161 components nested more than 32 deep"), problems("<Tip>".repeat(40)));
    }

    @Test
    void codeBlocksAreNotNesting() {
        assertEquals(List.of(), problems("```\n" + "> ".repeat(100) + "\n" + "<Note>\n".repeat(100) + "```\n"));
    }

    @Test
    void capKeepsTheTextAndCutsTheMarkersBeyondTheLimit() {
        String capped = NestingLimits.capContainers("intro\n" + "> ".repeat(50) + "deep\nafter");
        assertEquals("intro\n" + "> ".repeat(32) + "deep\nafter", capped);
        String plain = "a\n> b\n```\n" + "> ".repeat(50) + "\n```";
        assertEquals(plain, NestingLimits.capContainers(plain), "code and shallow text are left alone");
    }
}
