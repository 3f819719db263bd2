package dev.docsassistant.render;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.content.SectionSplitter;
import dev.docsassistant.content.mdx.NestingLimits;
import org.commonmark.ext.gfm.strikethrough.StrikethroughExtension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.task.list.items.TaskListItemMarker;
import org.commonmark.ext.task.list.items.TaskListItemsExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Markdown (with the HTML elements of MDX components) to HTML with commonmark-java: GFM tables,
 * heading anchors that match the anchors search returns, titled code blocks; the whole body, raw
 * HTML and component elements included, is then cleaned by {@link HtmlSanitizer}, which also
 * resolves its links for where the site is served.
 */
final class MarkdownHtml {
    /** GFM tables, ~~strikethrough~~ (also ~single~, as Mintlify's text.mdx writes it) and task lists. */
    private static final List<org.commonmark.Extension> EXTENSIONS = List.of(TablesExtension.create(),
            StrikethroughExtension.create(), TaskListItemsExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();

    private MarkdownHtml() {
    }

    static RenderedBody render(String markdown, LinkResolver links, UiStrings strings) {
        // Cut to the nesting a page may have (the build reported it), so the tree stays shallow.
        Node document = PARSER.parse(cjkStrong(NestingLimits.capContainers(markdown)));
        List<RenderedBody.Heading> outline = new ArrayList<>();
        Map<Heading, String> ids = headingIds(document, outline);
        HtmlSanitizer sanitizer = new HtmlSanitizer(links);
        HtmlRenderer renderer = HtmlRenderer.builder()
                // Task markers are this class's (TaskMarkers), not the extension's checkbox inputs.
                .extensions(List.of(TablesExtension.create(), StrikethroughExtension.create()))
                .attributeProviderFactory(context -> (node, tagName, attributes) -> {
                    if (node instanceof Heading h && ids.containsKey(h)) {
                        attributes.put("id", ids.get(h));
                    } else if (tagName.equals("table")) {
                        // A table that scrolls sideways must be reachable with the keyboard.
                        attributes.put("tabindex", "0");
                    } else if (node instanceof Image image) {
                        attributes.put("loading", "lazy");
                    }
                })
                .nodeRendererFactory(context -> new CodeBlocks(context, strings))
                .nodeRendererFactory(TaskMarkers::new)
                .build();
        return new RenderedBody(sanitizer.clean(renderer.render(document)), List.copyOf(outline));
    }

    private static final Pattern STRONG = Pattern.compile("\\*\\*([^*\\n]+?)\\*\\*");
    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})");

    /**
     * CommonMark's flanking rules miss {@code **重要。**然后} (punctuation inside, a CJK letter
     * outside, no space as CJK text has none), which MDX sites still show as bold: such pairs
     * become {@code <strong>} before parsing.
     */
    static String cjkStrong(String markdown) {
        if (markdown.indexOf("**") < 0) {
            return markdown;
        }
        StringBuilder out = new StringBuilder(markdown.length());
        boolean inFence = false;
        for (String line : markdown.split("\n", -1)) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
            }
            if (!inFence && line.contains("**")) {
                String text = line;
                line = STRONG.matcher(text).replaceAll(r -> {
                    String inner = r.group(1);
                    int before = r.start() > 0 ? text.codePointBefore(r.start()) : ' ';
                    int after = r.end() < text.length() ? text.codePointAt(r.end()) : ' ';
                    boolean stuck = (isPunctuation(inner.codePointBefore(inner.length())) && isCjk(after))
                            || (isPunctuation(inner.codePointAt(0)) && isCjk(before));
                    return Matcher.quoteReplacement(stuck ? "<strong>" + inner + "</strong>" : r.group());
                });
            }
            out.append(line).append('\n');
        }
        return out.substring(0, out.length() - 1);
    }

    private static boolean isCjk(int c) {
        Character.UnicodeScript script = Character.UnicodeScript.of(c);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL;
    }

    private static boolean isPunctuation(int c) {
        int type = Character.getType(c);
        return type >= Character.DASH_PUNCTUATION && type <= Character.OTHER_PUNCTUATION
                || type == Character.INITIAL_QUOTE_PUNCTUATION || type == Character.FINAL_QUOTE_PUNCTUATION;
    }

    /** Anchors as {@link SectionSplitter} makes them, so search results land on their heading. */
    private static Map<Heading, String> headingIds(Node document, List<RenderedBody.Heading> outline) {
        Map<Heading, String> ids = new HashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        document.accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                String written = text(heading).strip();
                String slug = SectionSplitter.anchorOf(written);
                String text = SectionSplitter.withoutCustomId(written);
                if (!text.equals(written) && heading.getLastChild() instanceof Text last) {
                    last.setLiteral(SectionSplitter.withoutCustomId(last.getLiteral()));
                }
                if (slug.isEmpty()) {
                    return;
                }
                Integer n = seen.get(slug);
                seen.put(slug, n == null ? 1 : n + 1);
                String id = n == null ? slug : slug + "-" + n;
                ids.put(heading, id);
                if (heading.getLevel() == 2 || heading.getLevel() == 3) {
                    outline.add(new RenderedBody.Heading(heading.getLevel(), text, id));
                }
            }
        });
        return ids;
    }

    private static String text(Node node) {
        StringBuilder s = new StringBuilder();
        for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
            if (child instanceof Text t) {
                s.append(t.getLiteral());
            } else if (child instanceof Code c) {
                s.append(c.getLiteral());
            } else {
                s.append(text(child));
            }
        }
        return s.toString();
    }

    /** A task list's box as a mark, not a form control: a page has nothing to tick. */
    private record TaskMarkers(HtmlNodeRendererContext context) implements NodeRenderer {
        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(TaskListItemMarker.class);
        }

        @Override
        public void render(Node node) {
            boolean done = ((TaskListItemMarker) node).isChecked();
            context.getWriter().raw("<span class=\"task-mark" + (done ? " task-done" : "") + "\" role=\"img\" aria-label=\""
                    + (done ? "done" : "to do") + "\">" + (done ? "\u2611" : "\u2610") + "</span> ");
        }
    }

    /** An {@code expandable} block longer than this shows its first lines until the reader opens it. */
    static final int EXPANDABLE_LINES = 12;

    /** Code blocks keep their language and show the title MDX puts after it ({@code ```bash npm}). */
    private record CodeBlocks(HtmlNodeRendererContext context, UiStrings strings) implements NodeRenderer {
        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(FencedCodeBlock.class, IndentedCodeBlock.class);
        }

        @Override
        public void render(Node node) {
            CodeFence fence = CodeFence.parse(null);
            String code;
            if (node instanceof FencedCodeBlock fenced) {
                fence = CodeFence.parse(fenced.getInfo());
                code = fenced.getLiteral();
            } else {
                code = ((IndentedCodeBlock) node).getLiteral();
            }
            String language = fence.language();
            String title = fence.title();
            HtmlWriter html = context.getWriter();
            html.line();
            if (language.equalsIgnoreCase("mermaid")) {
                // The site script's diagram chunk draws it; without script the reader sees its source.
                html.raw("<div class=\"mermaid-diagram\"><pre tabindex=\"0\" class=\"mermaid-source\"><code>"
                        + HtmlEncoder.attr(code) + "</code></pre></div>");
                html.line();
                return;
            }
            int lineCount = (int) code.lines().count();
            boolean collapsed = fence.expandable() && lineCount > EXPANDABLE_LINES;
            StringBuilder s = new StringBuilder("<div class=\"code-block").append(fence.wrap() ? " wrap" : "")
                    .append(fence.nocopy() ? " nocopy" : "").append(collapsed ? " expandable" : "").append("\">");
            if (!title.isEmpty() || !fence.icon().isEmpty()) {
                // The icon is a marker the page's icon set expands once the body is clean.
                s.append("<div class=\"code-title\">").append(Icons.namedMarker(fence.icon())).append(HtmlEncoder.attr(title)).append("</div>");
            }
            s.append("<pre tabindex=\"0\"").append(fence.lines() ? " class=\"numbered\"" : "").append("><code");
            if (!language.isEmpty()) {
                s.append(" class=\"language-").append(HtmlEncoder.attr(language)).append('"');
            }
            s.append('>').append(CodeLines.html(code, fence)).append("</code></pre>");
            if (collapsed) {
                // No script: the stylesheet shows the whole block while this control is open.
                s.append("<details class=\"code-expand\"><summary><span class=\"code-expand-more\">")
                        .append(HtmlEncoder.attr(strings.get("codeShowAll").replace("{n}", Integer.toString(lineCount))))
                        .append("</span><span class=\"code-expand-less\">").append(HtmlEncoder.attr(strings.get("codeShowLess")))
                        .append("</span></summary></details>");
            }
            s.append("</div>");
            html.raw(s.toString());
            html.line();
        }
    }
}
