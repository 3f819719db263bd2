package dev.docsassistant.render;

import java.util.LinkedHashMap;
import java.util.Map;

import static dev.docsassistant.render.MintlifyCompatibilityTest.claim;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The claims of docs/mintlify.md's rows about page content: components, code, text, snippets, bad input. */
final class ComponentClaims {
    private ComponentClaims() {
    }

    private static void has(String html, String... parts) {
        for (String part : parts) {
            assertTrue(html.contains(part), "missing " + part + " in " + html);
        }
    }

    static Map<String, MintlifyCompatibilityTest.Claim> all() {
        Map<String, MintlifyCompatibilityTest.Claim> c = new LinkedHashMap<>();
        c.put("`<Note>` `<Info>` `<Tip>` `<Warning>` `<Check>` `<Danger>`", claim("works",
                f -> has(f.prose("/components"), "<div class=\"callout callout-note\" role=\"note\">")));
        c.put("`<Callout>` `icon`, `color`", claim("works",
                f -> has(f.prose("/components"), "class=\"callout callout-note callout-accent\" role=\"note\" style=\"--accent: #FFC107\"", "<svg class=\"icon\"")));
        c.put("`<Card>` `title`, `icon`, `href`", claim("works",
                f -> has(f.prose("/components"), "<a class=\"card-title card-link\" href=\"/code\">Image card</a>", "<span class=\"card-icon\"><svg")));
        c.put("`<Card>` `img`, `horizontal`, `cta`, `arrow`", claim("works", f -> {
            String html = f.prose("/components");
            has(html, "card-horizontal card-with-img", "<img class=\"card-img\" src=\"/images/card.svg\"",
                    "<span class=\"card-cta\">Read the code</span><span class=\"card-arrow\" aria-hidden=\"true\"><svg");
            assertTrue(html.matches("(?s).*External card</a>.*?<span class=\"card-arrow\".*"), "external links get the arrow by default");
        }));
        c.put("`<Card>` `color`", claim("works", f -> has(f.prose("/components"), "style=\"--accent: #ca8a04\"")));
        c.put("`<Card>` `type`", claim("works", f -> has(f.prose("/components"), "<div class=\"card card-note\"><span class=\"card-icon\"><svg")));
        c.put("`<Columns>` `<CardGroup>` `cols`", claim("works", f -> has(f.prose("/components"), "<div class=\"card-group cols-2\">")));
        c.put("`<Tile>` `href`, `title`, `description`", claim("works", f -> has(f.prose("/components"),
                "<div class=\"tile card-linked\"><div class=\"tile-preview\">", "<img src=\"/images/tile.svg\" alt=\"Tile preview\"",
                "<a class=\"tile-title card-link\" href=\"/layout\">Layout tile</a><div class=\"tile-description\">Tiles link somewhere</div>")));
        c.put("`<Badge>` `color`, `size`, `shape`, `icon`, `stroke`, `disabled`", claim("works", f -> has(f.prose("/components"),
                "<span class=\"badge badge-green badge-sm badge-rounded\"><svg")));
        c.put("`<Tooltip>` `tip`, `headline`, `cta`, `href`", claim("works", f -> has(f.prose("/components"),
                "<span class=\"tooltip\" tabindex=\"0\">API<span class=\"tooltip-box\" role=\"tooltip\"><strong class=\"tooltip-headline\">API</strong>"
                        + " Application Programming Interface <a class=\"tooltip-cta\" href=\"/code\">Read more</a></span></span>")));
        c.put("`<Tree>` `<Tree.Folder>` `<Tree.File>`", claim("works", f -> has(f.prose("/components"),
                "<div class=\"tree\"><ul>", "<li class=\"tree-folder\"><details open><summary><svg", "<span>app</span></summary><ul>",
                "<li class=\"tree-folder\"><span class=\"tree-name\"><svg", "<li class=\"tree-file\"><svg")));
        c.put("`<Color>` `<Color.Row>` `<Color.Item>`", claim("works", f -> has(f.prose("/components"),
                "<div class=\"colors colors-table\">", "<div class=\"color-row-title\">Primary</div>",
                "<span class=\"swatch\" style=\"background: #3B82F6\" aria-hidden=\"true\"></span><span class=\"color-name\">primary-500</span>")));
        c.put("`<GitHub.Repo>`", claim("differs", f -> {
            String html = f.prose("/components");
            has(html, "<a class=\"card-title card-link\" href=\"https://github.com/mintlify/docs\" rel=\"noopener\">mintlify/docs</a>");
            assertFalse(html.contains("api.github.com"), "no request to GitHub");
        }));
        c.put("`<View>`", claim("differs", f -> has(f.prose("/layout"),
                "<details class=\"view\" open><summary class=\"view-title\"><svg", "JavaScript</summary>",
                "<details class=\"view\"><summary class=\"view-title\"><svg")));
        c.put("`<Accordion>` `<AccordionGroup>`", claim("works", f -> has(f.prose("/components"), "<details class=\"accordion\"><summary>An accordion</summary>")));
        c.put("`<Expandable>`", claim("works", f -> has(f.prose("/components"), "<details class=\"expandable\"><summary>properties</summary>")));
        c.put("`<Steps>` `<Step>`", claim("works", f -> has(f.prose("/components"), "<ol class=\"steps\">", "<div class=\"step-title\">First</div>")));
        c.put("`<Tabs>` `<Tab>`", claim("works", f -> has(f.prose("/components"), "<section class=\"tab\"><div class=\"tab-title\">One</div>")));
        c.put("`<Tabs>` `sync`, `defaultTabIndex`, `borderBottom`; `<Tab>` `icon`, `id`", claim("works", f -> has(f.prose("/components"),
                "<div class=\"tabs tabs-default-1 tabs-border\">",
                "<section class=\"tab\" id=\"javascript-first\"><div class=\"tab-title\"><svg class=\"icon\"", "<div class=\"tabs tabs-independent\">")));
        c.put("`<CodeGroup>`", claim("works", f -> has(f.prose("/code"), "<div class=\"code-group\">", "<div class=\"code-title\">yarn</div>")));
        c.put("`<Frame>` `caption`", claim("works", f -> has(f.prose("/components"), "<figure class=\"frame\">", "<figcaption>A frame</figcaption>")));
        c.put("`<Icon>`", claim("works", f -> has(f.prose("/components"), "<svg class=\"icon\"")));
        c.put("`<Icon>` `color`, `size`, `src`", claim("works", f -> has(f.prose("/components"),
                "A flag <span class=\"icon-styled\" style=\"--accent: #b4232c; --size: 32px\"><svg class=\"icon\"")));
        c.put("`<Icon>` `iconType`", claim("differs", f -> has(f.prose("/components"), "<svg class=\"icon\"")));
        c.put("`<Prompt>`", claim("works", f -> has(f.prose("/components"), "<div class=\"prompt\">", "A prompt")));
        c.put("`<Panel>`", claim("works", f -> {
            String html = f.html("/components");
            has(html, "<aside class=\"outline outline-panel\"><p>Side panel text.</p></aside>");
            assertFalse(html.substring(html.indexOf("<div class=\"prose\">"), html.indexOf("</article>")).contains("Side panel text."),
                    "taken out of the text");
            assertFalse(html.contains("<aside class=\"outline\" aria-label"), "in place of the outline");
            assertFalse(f.html("/settings/wide").contains("Wide panel text."), "a mode without the outline has no panel");
        }));
        c.put("`<ParamField>` `<ResponseField>`", claim("works", f -> has(f.prose("/components"),
                "<code class=\"field-name\">id</code>", "<code class=\"field-name\">ok</code>")));
        c.put("`<RequestExample>` `<ResponseExample>`", claim("works", f -> has(f.prose("/layout"), "<div class=\"prose\">\n<div class=\"api-examples\"><div class=\"code-group api-example\">")));
        c.put("`<Update>` `label`, `description`", claim("works", f -> has(f.prose("/changelog"),
                "<section class=\"update\" id=\"march-2025\">", "<div class=\"update-label\">March 2025</div>")));
        c.put("`<Update>` `tags`", claim("works", f -> has(f.prose("/changelog"),
                "<ul class=\"update-tags\"><li class=\"update-tag\">Wintergreen</li><li class=\"update-tag\">Spearmint</li></ul>")));
        c.put("Mermaid diagrams (` ```mermaid `)", claim("works", f -> {
            has(f.prose("/math"), "<div class=\"mermaid-diagram\"><pre tabindex=\"0\" class=\"mermaid-source\"><code>flowchart LR\n  A[Start] --&gt; B{Works?}");
            assertFalse(f.html("/components").contains("mermaid"), "a page without a diagram has none");
        }));
        c.put("`<Update>` RSS feed (the page's address + `/rss.xml`)", claim("works", f -> {
            var files = new dev.docsassistant.publish.AgentFiles(new dev.docsassistant.sites.Site(
                    new dev.docsassistant.config.SiteConfig("compat", "compat", f.content().dir(), java.util.Optional.empty()), f.content(), null, null));
            var feed = files.get("/changelog/rss.xml", "https://docs.example", false).orElseThrow();
            assertTrue(feed.contentType().startsWith("application/rss+xml"), feed.contentType());
            has(feed.body(), "<item><title>March 2025</title><link>https://docs.example/changelog#march-2025</link>",
                    "<category>Wintergreen</category><category>Spearmint</category>", "v0.0.10\n\nMinty fresh.",
                    "<atom:link href=\"https://docs.example/changelog/rss.xml\" rel=\"self\"");
            assertTrue(files.get("/components/rss.xml", "https://docs.example", false).isEmpty(), "a page without updates has no feed");
        }));
        c.put("Front matter `rss: true`", claim("works", f -> {
            has(f.html("/changelog"), "<a class=\"rss-link\" href=\"/changelog/rss.xml\" type=\"application/rss+xml\"><svg", "RSS feed</a>");
            assertFalse(f.html("/components").contains("rss-link"), "a page without rss: true has no link");
        }));
        c.put("`<Update>` `rss`", claim("works", f -> {
            var files = new dev.docsassistant.publish.AgentFiles(new dev.docsassistant.sites.Site(
                    new dev.docsassistant.config.SiteConfig("compat", "compat", f.content().dir(), java.util.Optional.empty()), f.content(), null, null));
            String feed = files.get("/changelog/rss.xml", "https://docs.example", false).orElseThrow().body();
            has(feed, "<item><title>January 2025 - New look</title><link>https://docs.example/changelog#january-2025</link>",
                    "<description>A redesigned dashboard.</description>",
                    "<item><title>Faster search</title><link>https://docs.example/changelog#faster-search</link>",
                    "<description>Results in half the time.</description>",
                    "<item><title>Dark mode</title><link>https://docs.example/changelog#dark-mode</link>");
            assertFalse(feed.contains("<title>December 2024</title>"), "an update with headings has an item per heading");
        }));
        c.put("`<Visibility>`", claim("works", f -> has(f.prose("/components"), "Only readers see this.")));
        c.put("`<CodeBlock>`", claim("works", f -> has(f.prose("/code"), "<div class=\"code-title\">hello.js</div>",
                "<pre tabindex=\"0\" class=\"numbered\"><code class=\"language-js\"><span class=\"line highlighted\">")));
        c.put("Code-block options (title, `icon`, `lines`, `highlight`, `focus`, `wrap`, `nocopy`, `expandable`, diff marks)", claim("works",
                f -> has(f.prose("/code"), "<div class=\"code-block wrap\"><div class=\"code-title\"><svg", "Title.js</div>",
                        "<span class=\"line highlighted unfocused\">")));
        c.put("docs.json `variables` as `{{name}}`", claim("works", f -> has(f.prose("/"), "Welcome to Acme Cloud.")));
        c.put("Snippets and their props", claim("works", f -> has(f.prose("/code"), "Hello, Ada! You have 3 messages.")));
        c.put("Custom heading ids `{#id}`", claim("works", f -> has(f.prose("/code"), "<h2 id=\"custom-anchor\">My section</h2>")));
        c.put("Math: `$…$` inline, `$$…$$` on its own", claim("works", f -> {
            String html = f.prose("/math");
            has(html, "states that <span class=\"math math-inline\">(a^2 + b^2 = c^2)</span> in a right triangle.",
                    "<span class=\"math math-display\">\\int_0^1 x_i \\, dx = \\frac{1}{2}</span>",
                    "It costs $5 or $10.", "<code>$x$</code>");
            assertFalse(f.html("/components").contains("class=\"math"), "a page without math has none");
        }));
        c.put("Text: bold, italic, `~~strikethrough~~` and `~strikethrough~`, `<sub>`, `<sup>`, quotes", claim("works", f -> has(f.prose("/text"),
                "<strong>Bold</strong>, <em>italic</em>, <del>gone</del> and <del>also gone</del>, H<sub>2</sub>O and x<sup>2</sup>.",
                "<blockquote>")));
        c.put("Lists, tables and task lists (`- [x]`)", claim("works", f -> has(f.prose("/text"),
                "<li><span class=\"task-mark task-done\" role=\"img\" aria-label=\"done\">\u2611</span> Written</li>",
                "<span class=\"task-mark\" role=\"img\" aria-label=\"to do\">\u2610</span> Reviewed", "<table tabindex=\"0\">")));
        c.put("Videos (`<video>`, `autoplay`, `muted`, `loop`)", claim("works", f -> has(f.prose("/text"), "<video src=\"/images/clip.mp4\" controls")));
        c.put("`<iframe>` (YouTube and other embeds)", claim("differs", f -> {
            has(f.prose("/text"), "<a class=\"embed-link\" href=\"https://www.youtube.com/embed/abc\" rel=\"noopener\">A video</a>");
            assertFalse(f.prose("/text").contains("<iframe"));
        }));
        c.put("`hidden: true`", claim("works", f -> {
            has(f.prose("/hidden"), "Only by link.");
            assertFalse(f.html("/").contains("href=\"/hidden\""), "listed in the sidebar");
        }));
        c.put("React components of the site's own (`export const`, `.jsx` snippets)", claim("refused",
                f -> f.hasProblem("bad.mdx", "bad.mdx:6:1", "<Counter> is a React component of the site's own")));
        c.put("A component not listed here", claim("refused", f -> {
            f.hasProblem("bad.mdx", "bad.mdx:8:1", "unknown component <Sparkle>");
            has(f.prose("/bad"), "Text inside an unknown component.");
        }));
        c.put("An attribute not listed here", claim("refused", f -> f.hasProblem("bad.mdx", "bad.mdx:10:1", "<Card> has no attribute \"glow\"")));
        c.put("`<PreviewButton>` (used in Mintlify's own pages without an import)", claim("refused", f -> {
            f.hasProblem("bad.mdx", "bad.mdx:18:1", "unknown component <PreviewButton>");
            has(f.prose("/bad"), "Open the preview.");
        }));
        c.put("`<Icon>` `name`", claim("refused", f -> f.hasProblem("bad.mdx", "bad.mdx:20:11", "<Icon> has no attribute \"name\"")));
        c.put("`<ResponseField>` `defaultOpen`", claim("refused", f -> f.hasProblem("bad.mdx", "bad.mdx:22:1", "<ResponseField> has no attribute \"defaultOpen\"")));
        c.put("Math that cannot be rendered (unbalanced braces, `\\begin` without `\\end`, `\\left` without `\\right`)", claim("refused", f -> {
            f.hasProblem("bad.mdx", "bad.mdx:24:14", "math $…$ cannot be rendered: 1 { not closed");
            has(f.prose("/bad"), "<span class=\"math math-inline\">\\frac{a}{b</span> stays.");
        }));
        c.put("A Mermaid diagram that cannot be read (no diagram type, brackets that do not pair)", claim("refused", f -> {
            f.hasProblem("bad.mdx", "bad.mdx:27:1", "Mermaid diagram starts with \"flowchrt\"");
            has(f.prose("/bad"), "<code>flowchrt LR\n  A --&gt; B\n</code>");
        }));
        c.put("An undefined `{{variable}}`", claim("refused", f -> {
            f.hasProblem("bad.mdx", "bad.mdx:12:", "{{nope}}");
            has(f.prose("/bad"), "Welcome to {{nope}}.");
        }));
        c.put("A snippet prop the tag does not pass", claim("refused", f -> {
            f.hasProblem("bad.mdx", "bad.mdx:14:1: <Greet> does not pass {count}");
            has(f.prose("/bad"), "Hello, Ada! You have {count} messages.");
        }));
        return c;
    }
}
