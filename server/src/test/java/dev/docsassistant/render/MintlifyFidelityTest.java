package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Mintlify's documented page features (create/code.mdx, organize/pages.mdx, …) as its readers see them. */
class MintlifyFidelityTest {
    @TempDir
    static Path dir;
    private static SiteRenderer renderer;
    private static SiteContent content;

    @BeforeAll
    static void site() {
        new TestSites(dir)
                .file("docs.json", """
                        {"name": "Acme", "theme": "mint", "colors": {"primary": "#16a34a"},
                         "variables": {"product": "Acme Cloud", "api-url": "https://api.acme.example"},
                         "navigation": {"groups": [{"group": "Start", "pages": ["index", "secret", "code", "values"]}]}}
                        """)
                .page("index", "Welcome.", "title: Home")
                .page("secret", "Only by link.", "title: Secret page", "hidden: true")
                .page("code", """
                        ```javascript title="utils/hello.js"
                        const hello = "world";
                        ```

                        ```js Title.js lines highlight={1,3-5} focus={2} wrap expandable
                        one
                        ```

                        ```javascript Icon example icon="square-js"
                        const a = 1;
                        ```

                        ```js Numbered lines highlight={2} focus={3}
                        const a = 1;
                        const b = 2;
                        const c = a < b;
                        ```

                        ```js Diff
                        const x = 1; // [!code ++]
                        const y = 2; // [!code --:2]
                        const z = 3;
                        ```

                        ```text Long wrap nocopy
                        a long line
                        ```
                        """, "title: Code")
                .file("snippets/install.mdx", """
                        export const Install = ({ packageName }) => <></>;

                        My keyword of the day is {word}.

                        ```bash
                        npm install {packageName}
                        ```
                        """)
                .page("values", """
                        import Install from "/snippets/install.mdx";

                        Welcome to {{product}}, served at {{api-url}}. Also {{nope}}.

                        Write `{{product}}` to use it.

                        <Install word="bananas" packageName="@acme/sdk" />

                        ## My section {#my-anchor}

                        Text.
                        """, "title: Values");
        content = SiteReader.read(dir);
        Site site = new Site(new SiteConfig("acme", "acme", dir, Optional.empty()), content, null, null);
        renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
    }

    private static String html(String path) {
        SiteRenderer.Result result = renderer.render(path, "", null);
        return assertInstanceOf(SiteRenderer.HtmlPage.class, result, path + " → " + result).html();
    }

    @Test
    void codeFenceMetaIsReadAsMintlifyDocumentsIt() {
        CodeFence quoted = CodeFence.parse("javascript title=\"utils/hello.js\"");
        assertEquals("javascript", quoted.language());
        assertEquals("utils/hello.js", quoted.title());
        CodeFence all = CodeFence.parse("js Title.js lines highlight={1,3-5} focus={2} wrap expandable icon='js'");
        assertEquals("Title.js", all.title());
        assertEquals("js", all.icon());
        assertTrue(all.lines() && all.wrap() && all.expandable());
        assertEquals(Set.of(1, 3, 4, 5), all.highlight());
        assertEquals(Set.of(2), all.focus());
        assertEquals(Set.of(1, 2, 5), CodeFence.parse("javascript Line highlighting example {1,2,5}").highlight());
        assertEquals("Line highlighting example", CodeFence.parse("javascript Line highlighting example {1,2,5}").title());
        assertEquals(Set.of(2, 4, 5), CodeFence.parse("javascript Line focusing example focus=2,4,5").focus());
        CodeFence older = CodeFence.parse("mdx /snippets/color-generator.jsx [expandable]");
        assertTrue(older.expandable());
        assertEquals("/snippets/color-generator.jsx", older.title());
        CodeFence twoslash = CodeFence.parse("ts twoslash Twoslash example");
        assertEquals("Twoslash example", twoslash.title());
        CodeFence nocopy = CodeFence.parse("text title=\"No copy example\" nocopy");
        assertTrue(nocopy.nocopy());
        assertEquals("No copy example", nocopy.title());
        assertFalse(CodeFence.parse("text nocopy=\"false\"").nocopy());
        assertTrue(CodeFence.parse("nocopy").nocopy());
        assertEquals("", CodeFence.parse("nocopy").language());
        assertEquals(Set.of(), CodeFence.parse("js {1-999999999}").highlight().stream().filter(n -> n > 100_000).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void codeBlockTitlesShowNoOptions() {
        String html = html("/code");
        assertTrue(html.contains("<div class=\"code-title\">utils/hello.js</div>"), html);
        assertTrue(html.contains(">Title.js</div>"), html);
        assertTrue(html.contains(">Icon example</div>"), html);
        assertFalse(html.contains("highlight=") || html.contains("expandable</div>") || html.contains("icon="), html);
    }

    @Test
    void valuesReplaceTheirPlaceholders() {
        String html = html("/values");
        assertTrue(html.contains("Welcome to Acme Cloud, served at https://api.acme.example."), html);
        assertTrue(html.contains("<code>{{product}}</code>"), "code shows the syntax: " + html);
        assertTrue(html.contains("Also {{nope}}."), "an undefined variable stays visible: " + html);
        assertTrue(content.problems().stream().anyMatch(p -> p.toString().contains("values.mdx:7:")
                && p.toString().contains("{{nope}}")), content.problems().toString());
        assertTrue(html.contains("My keyword of the day is bananas."), html);
        assertTrue(html.contains("npm install @acme/sdk"), html);
        assertTrue(html.contains("<h2 id=\"my-anchor\">My section</h2>"), html);
        assertTrue(html.contains("href=\"#my-anchor\""), "the outline links it");
        assertEquals("my-anchor", content.page("values").orElseThrow().sections().stream()
                .filter(s -> s.heading() != null && s.heading().equals("My section")).findFirst().orElseThrow().anchor());
    }

    @Test
    void codeBlockOptionsShow() {
        String html = html("/code");
        assertTrue(html.matches("(?s).*<div class=\"code-title\"><svg class=\"icon\"[^>]*>.*?</svg>Icon example</div>.*"), html);
        assertTrue(html.contains("<div class=\"code-block wrap nocopy\"><div class=\"code-title\">Long</div>"), html);
        assertTrue(html.contains("<pre tabindex=\"0\" class=\"numbered\"><code class=\"language-js\">"
                + "<span class=\"line unfocused\">const a = 1;\n</span><span class=\"line highlighted unfocused\">const b = 2;\n</span>"
                + "<span class=\"line focused\">const c = a &lt; b;\n</span></code></pre>"), html);
        assertTrue(html.contains("<span class=\"line added\">const x = 1;\n</span><span class=\"line removed\">const y = 2;\n</span>"
                + "<span class=\"line removed\">const z = 3;\n</span>"), "diff marks leave the code: " + html);
        assertTrue(html.contains("<code class=\"language-text\">a long line\n</code>"), "plain blocks stay plain");
    }

    @Test
    void aHiddenPageIsServedButNotListed() {
        String secret = html("/secret");
        assertTrue(secret.contains("Only by link."));
        for (String path : new String[] {"/", "/code", "/secret"}) {
            String html = html(path);
            String body = html.substring(html.indexOf("<body>")); // the head names the page itself (canonical)
            assertFalse(body.contains("href=\"/secret\""), path + " links the hidden page: " + html);
        }
        assertTrue(html("/").contains("href=\"/code\""), "the pager skips it");
        assertFalse(content.page("secret").orElseThrow().searchable());
    }
}
