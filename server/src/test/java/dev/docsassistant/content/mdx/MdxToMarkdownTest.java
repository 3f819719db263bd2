package dev.docsassistant.content.mdx;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MdxToMarkdownTest {
    private static String convert(String mdx) {
        return MdxToMarkdown.convert(mdx, path -> null);
    }

    @Test
    void dropsImportsExportsAndComments() {
        String md = convert("""
                import { Foo } from "/snippets/foo.jsx";
                import Bar from '../bar.mdx'
                export const meta = {
                  a: 1,
                };

                Visible {/* hidden comment */} text.
                {/* a comment
                   over lines */}
                <!-- html comment -->
                After.
                """);
        assertFalse(md.contains("import"), md);
        assertFalse(md.contains("export"), md);
        assertFalse(md.contains("comment"), md);
        assertTrue(md.contains("Visible  text."), md);
        assertTrue(md.contains("After."), md);
    }

    @Test
    void componentsKeepTheirTextAndTitles() {
        String md = convert("""
                <Note>
                  Keep this note.
                </Note>

                <CardGroup cols={2}>
                  <Card title="Quickstart" href="/quickstart">
                    Start here.
                  </Card>
                </CardGroup>

                <Steps>
                  <Step title={"Install the CLI"}>
                    Run the installer.
                  </Step>
                </Steps>

                <ParamField path="projectId" type="string" required>
                  The project.
                </ParamField>
                <ResponseField name="status" type="string" default="ok">The status.</ResponseField>
                """);
        assertTrue(md.contains("Keep this note."), md);
        assertTrue(md.contains("**Quickstart**\n\nStart here."), md);
        assertTrue(md.contains("**Install the CLI**\n\nRun the installer."), md);
        assertTrue(md.contains("**`projectId`** (path, string, required)"), md);
        assertTrue(md.contains("**`status`** (string, default: ok)"), md);
        assertFalse(md.contains("<"), md);
        assertFalse(md.contains("    "), "indentation inside components must not make code blocks: " + md);
    }

    @Test
    void codeBlocksAndInlineCodeAreKeptAsCode() {
        String md = convert("""
                Use `<Note>` for notes.

                <Tabs>
                  <Tab title="Python">
                    ```python
                    import logging
                    if x:
                        print("<b>")
                    ```
                  </Tab>
                </Tabs>
                """);
        assertTrue(md.contains("Use `<Note>` for notes."), md);
        assertTrue(md.contains("```python\nimport logging\nif x:\n    print(\"<b>\")\n```"), md);
        assertTrue(md.contains("**Python**"), md);
    }

    @Test
    void snippetsAreInlinedWhereUsed() {
        Map<String, String> snippets = Map.of("/snippets/shared.mdx", "Shared **snippet** text.");
        String md = MdxToMarkdown.convert("""
                import Shared from "/snippets/shared.mdx";

                Before.

                <Shared />

                After.
                """, snippets::get);
        assertTrue(md.contains("Before.\n\nShared **snippet** text.\n\nAfter."), md);
    }

    @Test
    void proseWithAngleBracketsIsNotATag() {
        assertEquals("Latency is <5 ms when a <b then c holds.\n", convert("Latency is <5 ms when a <b then c holds."));
    }

    @Test
    void htmlEntitiesAreDecodedButMarkupCharactersStayEscaped() {
        assertEquals("interface Tool { name: \"x\" } &lt;T&gt;\n",
                convert("interface Tool &#x7B; name:&nbsp;&quot;x&quot; } &#x3C;T&#x3E;"));
    }
}
