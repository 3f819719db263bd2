package dev.docsassistant.content.mdx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns an MDX page body into plain Markdown that keeps what a reader sees: imports and exports
 * and {@code {/* *}/} comments are dropped, components keep their inner text, and the attributes
 * that carry meaning (a card's title, a parameter's name and type) become text. Code blocks are
 * kept as they are. Imported snippets are inlined where the importing page uses them. The Markdown
 * is the agents' view of the page: {@code <Visibility for="humans">} content is left out.
 */
public final class MdxToMarkdown {
    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})(.*)$");
    private static final Pattern IMPORT_FROM = Pattern.compile(
            "^import\\s+(?:(\\w+)|\\{[^}]*})?\\s*(?:,\\s*\\{[^}]*}\\s*)?from\\s+['\"]([^'\"]+)['\"]");
    private static final Pattern JSX_COMMENT = Pattern.compile("\\{/\\*.*?\\*/}", Pattern.DOTALL);
    private static final Pattern HTML_COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);
    private static final Pattern LIST_ITEM = Pattern.compile("^(\\s*)([-*+]|\\d{1,9}[.)])(\\s+|$)");
    private static final Pattern BLANK_RUNS = Pattern.compile("\n{3,}");

    /** Components whose title attribute is shown as a heading-like line above their content. */
    private static final List<String> TITLE_KEYS = List.of("title", "label", "name", "tip");

    /** Turns one component tag into output text; the Markdown conversion keeps text, the HTML rendering emits elements. */
    public interface Tags {
        /**
         * @param tag     the tag met in the prose
         * @param snippet the converted body of an imported snippet the tag names, or null
         */
        String render(JsxTag tag, String snippet);

        /** The same, told whether the tag starts its line (as in MDX, where that makes an element a block). */
        default String render(JsxTag tag, String snippet, boolean startsLine) {
            return render(tag, snippet);
        }

        /** Whether entities such as {@code &amp;} become characters (Markdown text) or stay (HTML). */
        default boolean decodeEntities() {
            return false;
        }
    }

    private final Function<String, String> snippets;
    private final Map<String, String> imported = new HashMap<>();
    private final int depth;
    private final Tags tags;
    /** Told of each prop a snippet uses in its prose that its tag does not pass. */
    private final java.util.function.BiConsumer<JsxTag, String> missingProp;

    /**
     * @param snippets resolves an import path (as written) to the snippet's Markdown, or null when
     *                 it cannot be read (the caller reports that)
     */
    private MdxToMarkdown(Function<String, String> snippets, int depth, Tags tags, java.util.function.BiConsumer<JsxTag, String> missingProp) {
        this.missingProp = missingProp;
        this.snippets = snippets;
        this.depth = depth;
        this.tags = tags == null ? new TextTags() : tags;
    }

    public static String convert(String mdx, Function<String, String> snippets) {
        return new MdxToMarkdown(snippets, 0, null, (tag, prop) -> { }).run(mdx);
    }

    /** The Markdown conversion, telling {@code missingProp} of each snippet prop a tag leaves out (shown as written). */
    public static String convertReporting(String mdx, Function<String, String> snippets, java.util.function.BiConsumer<JsxTag, String> missingProp) {
        return new MdxToMarkdown(snippets, 0, null, missingProp).run(mdx);
    }

    /** The same walk over the MDX for readers, with component tags turned into output by {@code tags}. */
    public static String convert(String mdx, Function<String, String> snippets, Tags tags) {
        return new MdxToMarkdown(snippets, 0, tags, (tag, prop) -> { }).run(mdx);
    }


    private String run(String source) {
        // The Markdown text is what agents read: their Visibility blocks in, the humans' out; the
        // rendered page is what readers see.
        String mdx = (tags instanceof TextTags ? Audience.AGENTS : Audience.READERS).keep(source);
        StringBuilder out = new StringBuilder(mdx.length());
        StringBuilder prose = new StringBuilder();
        ListContext list = new ListContext();
        String[] lines = mdx.replace("\r\n", "\n").split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            Matcher fence = FENCE.matcher(line);
            if (fence.matches()) {
                list.read(prose);
                out.append(prose(prose.toString()));
                prose.setLength(0);
                i = copyFence(lines, i, fence, list.indentFor(fence.group(1).length()), out);
                continue;
            }
            String stripped = line.stripLeading();
            if (isStatementStart(stripped) && line.length() - stripped.length() == 0) {
                i = skipStatement(lines, i);
                continue;
            }
            prose.append(line).append('\n');
        }
        out.append(prose(prose.toString()));
        return BLANK_RUNS.matcher(out.toString()).replaceAll("\n\n").strip() + "\n";
    }

    /**
     * Copies a fenced code block, dedented by its fence's indentation and indented by {@code keep}
     * (what keeps it inside the list item it belongs to); returns the closing line index.
     */
    private static int copyFence(String[] lines, int open, Matcher fence, int keep, StringBuilder out) {
        int indent = fence.group(1).length();
        String marker = fence.group(2);
        String pad = " ".repeat(keep);
        out.append("\n").append(pad).append(marker).append(fence.group(3).strip()).append('\n');
        int i = open + 1;
        for (; i < lines.length; i++) {
            String line = lines[i];
            String trimmed = line.strip();
            if (trimmed.startsWith(marker) && trimmed.chars().allMatch(c -> c == marker.charAt(0))) {
                break;
            }
            String code = dedent(line, indent);
            out.append(code.isEmpty() ? "" : pad).append(code).append('\n');
        }
        out.append(pad).append(marker).append("\n\n");
        return i;
    }

    /**
     * The list a code fence may sit in. Prose is normalised chunk by chunk between fences (list items
     * keep their indentation relative to their list, other lines lose it), so a fence inside a list
     * item must be indented to the item's content in those terms, or the list would end there.
     */
    private static final class ListContext {
        private int base = -1;
        private int itemIndent;
        private int contentOffset;

        /** Follows the list items (and the text that ends a list) of the prose before a fence. */
        void read(CharSequence prose) {
            for (String line : prose.toString().split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                int indent = line.length() - line.stripLeading().length();
                Matcher item = LIST_ITEM.matcher(line);
                if (item.find()) {
                    if (base < 0 || indent < base) {
                        base = indent;
                    }
                    itemIndent = indent;
                    contentOffset = item.group(2).length() + Math.max(1, item.group(3).length());
                } else if (base >= 0 && indent <= base) {
                    base = -1;
                }
            }
        }

        /** The indentation that keeps a fence indented by {@code fenceIndent} in the current item, else 0. */
        int indentFor(int fenceIndent) {
            if (base < 0 || fenceIndent <= itemIndent) {
                base = fenceIndent == 0 ? -1 : base;
                return 0;
            }
            return itemIndent - base + Math.min(fenceIndent - itemIndent, contentOffset);
        }
    }

    private static String dedent(String line, int indent) {
        int n = 0;
        while (n < indent && n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return line.substring(n);
    }

    private static boolean isStatementStart(String line) {
        return line.startsWith("import ") || line.startsWith("import{") || line.startsWith("export ");
    }

    /** Skips an import/export statement that may span lines; records snippet imports. */
    private int skipStatement(String[] lines, int start) {
        StringBuilder statement = new StringBuilder();
        int depthCount = 0;
        int i = start;
        for (; i < lines.length; i++) {
            statement.append(lines[i]).append('\n');
            depthCount += balance(lines[i]);
            String trimmed = lines[i].strip();
            boolean complete = depthCount <= 0 && !trimmed.endsWith(",") && !trimmed.endsWith("=")
                    && !trimmed.endsWith("(") && !trimmed.endsWith("{") && !trimmed.endsWith("[");
            if (complete) {
                break;
            }
        }
        Matcher m = IMPORT_FROM.matcher(statement.toString().replace('\n', ' ').strip());
        if (m.find() && m.group(1) != null) {
            imported.put(m.group(1), m.group(2));
        }
        return i;
    }

    private static int balance(String line) {
        int d = 0;
        for (int k = 0; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == '{' || c == '(' || c == '[') {
                d++;
            } else if (c == '}' || c == ')' || c == ']') {
                d--;
            }
        }
        return d;
    }

    /** Converts a run of non-code text: comments out, tags replaced, indentation normalised. */
    private String prose(String text) {
        if (text.isEmpty()) {
            return text;
        }
        String t = JSX_COMMENT.matcher(text).replaceAll("");
        t = HTML_COMMENT.matcher(t).replaceAll("");
        t = replaceTags(t);
        String normalised = normaliseIndentation(t);
        return tags.decodeEntities() ? HtmlEntities.decode(normalised) : normalised;
    }

    private String replaceTags(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '`') {
                int run = runLength(text, i, '`');
                int close = text.indexOf("`".repeat(run), i + run);
                int end = close < 0 ? i + run : close + run;
                out.append(text, i, end);
                i = end;
                continue;
            }
            if (c == '\\' && i + 1 < text.length()) {
                out.append(text, i, i + 2);
                i += 2;
                continue;
            }
            if (c == '<') {
                JsxTag tag = JsxTag.parse(text, i);
                if (tag != null && !tag.name().contains(":")) {
                    out.append(renderTag(tag, startsLine(text, i)));
                    i = tag.end();
                    continue;
                }
            }
            if (c == '{' && text.startsWith("{\" \"}", i)) {
                out.append(' ');
                i += 5;
                continue;
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    private static boolean startsLine(String text, int at) {
        for (int k = at - 1; k >= 0 && text.charAt(k) != '\n'; k--) {
            if (!Character.isWhitespace(text.charAt(k))) {
                return false;
            }
        }
        return true;
    }

    private String renderTag(JsxTag tag, boolean startsLine) {
        String snippetPath = tag.closing() ? null : imported.get(tag.name());
        String snippet = null;
        if (snippetPath != null) {
            String md = depth < 5 ? snippets.apply(snippetPath) : null;
            if (md != null) {
                Placeholders.missingProps(md, tag.attributes()).forEach(prop -> missingProp.accept(tag, prop));
            }
            snippet = md == null ? "" : new MdxToMarkdown(snippets, depth + 1, tags, missingProp).run(Placeholders.props(md, tag.attributes()));
        }
        return tags.render(tag, snippet, startsLine);
    }

    /** The Markdown conversion: components keep their inner text and the text of their meaningful attributes. */
    private static final class TextTags implements Tags {
        @Override
        public String render(JsxTag tag, String snippet) {
            if (snippet != null) {
                return snippet.isEmpty() ? "" : "\n\n" + snippet + "\n\n";
            }
            if (tag.closing()) {
                return isInline(tag.name()) ? "" : "\n\n";
            }
            String label = label(tag);
            if (isInline(tag.name())) {
                return label == null || tag.name().equals("Tooltip") ? "" : label;
            }
            return label == null ? "\n\n" : "\n\n" + label + "\n\n";
        }

        @Override
        public boolean decodeEntities() {
            return true;
        }
    }

    /** The visible text a component's attributes carry, or null. */
    private static String label(JsxTag tag) {
        switch (tag.name()) {
            case "ParamField", "ResponseField" -> {
                String name = tag.attr("path", "query", "body", "header", "name", "param");
                if (name == null) {
                    return null;
                }
                StringBuilder s = new StringBuilder("**`").append(name).append("`**");
                String type = tag.attr("type");
                StringBuilder details = new StringBuilder();
                for (String location : List.of("path", "query", "body", "header")) {
                    if (tag.attributes().containsKey(location)) {
                        details.append(location);
                    }
                }
                if (type != null) {
                    details.append(details.isEmpty() ? "" : ", ").append(type);
                }
                if (tag.attributes().containsKey("required")) {
                    details.append(details.isEmpty() ? "" : ", ").append("required");
                }
                String def = tag.attr("default");
                if (def != null) {
                    details.append(details.isEmpty() ? "" : ", ").append("default: ").append(def);
                }
                return details.isEmpty() ? s.toString() : s.append(" (").append(details).append(')').toString();
            }
            case "Update" -> {
                String label = tag.attr("label");
                String description = tag.attr("description");
                return label == null ? null : "**" + label + "**" + (description == null ? "" : " " + description);
            }
            case "img" -> {
                return null;
            }
            case "Prompt" -> {
                String description = tag.attr("description");
                return description == null ? null : "**" + description + "**";
            }
            default -> {
                for (String key : TITLE_KEYS) {
                    String v = tag.attr(key);
                    if (v != null && !key.equals("tip")) {
                        return "**" + v + "**";
                    }
                }
                return null;
            }
        }
    }

    /** Tags that live inside a line of text; dropping them must not break the paragraph. */
    public static boolean isInline(String name) {
        return switch (name) {
            case "a", "b", "i", "em", "strong", "code", "span", "kbd", "sup", "sub", "u", "s", "small", "mark",
                 "Tooltip", "Badge", "Icon", "Color", "abbr", "br" -> true;
            default -> false;
        };
    }

    /**
     * Component content is indented in MDX; in Markdown four spaces would turn it into code.
     * Lines lose their indentation, except list items, which keep it relative to their list.
     */
    private static String normaliseIndentation(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int listBase = -1;
        for (String line : text.split("\n", -1)) {
            if (line.isBlank()) {
                out.append('\n');
                continue;
            }
            int indent = line.length() - line.stripLeading().length();
            Matcher item = LIST_ITEM.matcher(line);
            if (item.find()) {
                if (listBase < 0 || indent < listBase) {
                    listBase = indent;
                }
                out.append(" ".repeat(indent - listBase)).append(line.stripLeading()).append('\n');
            } else if (listBase >= 0 && indent > listBase) {
                out.append(" ".repeat(Math.min(indent - listBase, 6))).append(line.stripLeading()).append('\n');
            } else {
                listBase = -1;
                out.append(line.stripLeading()).append('\n');
            }
        }
        return out.toString();
    }

    private static int runLength(String s, int from, char c) {
        int n = 0;
        while (from + n < s.length() && s.charAt(from + n) == c) {
            n++;
        }
        return n;
    }
}
