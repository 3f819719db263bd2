package dev.docsassistant.content.mdx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@link ComponentCheck} reports of a page's own scripts, and what it leaves to code samples. */
class ComponentCheckTest {
    private static List<String> problems(String body) {
        List<String> found = new ArrayList<>();
        ComponentCheck.check(body, 1, (line, column, message) -> found.add(line + ":" + column + " " + message));
        return found;
    }

    @Test
    void importsAndExportsInsideACodeSampleAreTheSamplesNotThePages() {
        String body = """
                # Verifying

                ```javascript Node.js
                import crypto from "node:crypto";
                export const Verify = () => null;
                ```

                ~~~ts
                import { createHmac } from "crypto";
                ~~~
                """;
        assertEquals(List.of(), problems(body));
    }

    @Test
    void aPagesOwnImportOutsideCodeIsReportedAtItsLine() {
        List<String> found = problems("Intro\n\n```js\nimport a from \"a.js\";\n```\n\nimport Chart from \"./chart.jsx\";\n");
        assertEquals(1, found.size(), found.toString());
        assertEquals(true, found.get(0).startsWith("7:1 <Chart> " + ComponentCheck.CUSTOM.substring(0, 20)), found.toString());
    }
}
