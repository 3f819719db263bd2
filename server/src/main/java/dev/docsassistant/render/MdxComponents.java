package dev.docsassistant.render;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.content.mdx.JsxTag;
import dev.docsassistant.content.mdx.MdxToMarkdown;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Turns the MDX components docs sites use into HTML elements, each on lines of its own so the
 * Markdown between them is still Markdown. Unknown components leave only their inner content.
 * Values go into the markup with their character references as written; the sanitizer's parser
 * decodes them once and encodes them once on output, and checks every URL, when the page is rendered.
 */
final class MdxComponents implements MdxToMarkdown.Tags {
    private static final Map<String, String> CALLOUTS = Map.of(
            "Note", "note", "Info", "info", "Tip", "tip", "Warning", "warning", "Check", "check",
            "Danger", "danger", "Callout", "note", "Caution", "warning", "Important", "info");

    private static final Map<String, String> JSX_NAMES = Map.of("className", "class", "htmlFor", "for");
    /** HTML elements whose content MDX parses as Markdown blocks. */
    private static final Set<String> CONTAINERS = Set.of(
            "div", "section", "article", "aside", "details", "figure", "blockquote", "header", "footer", "nav",
            "main", "center", "table", "thead", "tbody", "tfoot", "tr", "ul", "ol", "dl");

    /** What each open component must close with, per tag name (components nest). */
    private final Map<String, Deque<String>> closers = new HashMap<>();
    private final UiStrings strings;
    private final Icons icons;
    /** Views seen so far: the first is open without script. */
    private int views;

    /** @param strings interface text in the page's language (callout labels); @param icons the site's icon set */
    MdxComponents(UiStrings strings, Icons icons) {
        this.strings = strings;
        this.icons = icons;
    }

    @Override
    public String render(JsxTag tag, String snippet) {
        return render(tag, snippet, false);
    }

    @Override
    public String render(JsxTag tag, String snippet, boolean startsLine) {
        if (snippet != null) {
            return snippet.isEmpty() ? "" : "\n\n" + snippet + "\n\n";
        }
        String name = tag.name();
        if (Character.isLowerCase(name.charAt(0))) {
            String html = "<" + (tag.closing() ? "/" : "") + name + attributes(tag) + (tag.selfClosing() ? " />" : ">");
            // As in MDX, Markdown inside a container element that starts its line is Markdown: the tag on
            // lines of its own ends the HTML block, so "<div id=…>\n  ## Heading\n</div>" gets its heading.
            // Inside a line (a table cell's <ul>) it stays inline.
            return CONTAINERS.contains(name) && startsLine ? block(html) : html;
        }
        if (tag.closing()) {
            Deque<String> open = closers.get(name);
            String close = open == null || open.isEmpty() ? null : open.pop();
            if (close == null) {
                return MdxToMarkdown.isInline(name) ? "" : "\n\n";
            }
            return close.startsWith("<") && inline(name) ? close : block(close);
        }
        String[] element = element(tag);
        if (element == null) {
            return MdxToMarkdown.isInline(name) ? "" : "\n\n";
        }
        if (tag.selfClosing()) {
            return inline(name) ? element[0] + element[1] : block(element[0] + "\n\n" + element[1]);
        }
        closers.computeIfAbsent(name, k -> new ArrayDeque<>()).push(element[1]);
        return inline(name) ? element[0] : block(element[0]);
    }

    private static boolean inline(String name) {
        return List.of("Tooltip", "Badge", "Icon", "Kbd").contains(name);
    }

    private static String block(String html) {
        if (html.startsWith("```")) {
            return "\n\n" + html; // <CodeBlock>'s fence: its first line is code
        }
        if (html.startsWith("\n```")) {
            return html + "\n\n";
        }
        return "\n\n" + html + "\n\n";
    }

    /** The opening and closing markup of a known component, or null for an unknown one. */
    private String[] element(JsxTag tag) {
        String name = tag.name();
        String callout = CALLOUTS.get(name);
        if (callout != null) {
            return pair("<div class=\"callout callout-" + callout + (StyleMarks.isColor(tag.attr("color")) ? " callout-accent" : "")
                    + "\" role=\"note\">" + StyleMarks.accent(tag.attr("color"))
                    + "<p class=\"callout-label\">" + icons.marker(tag.attr("icon")) + HtmlEncoder.attr(strings.get(callout)) + "</p>", "</div>");
        }
        return switch (name) {
            case "Card" -> card(tag, icons.marker(orElse(tag.attr("icon"), CARD_TYPE_ICONS.get(orElse(tag.attr("type"), "")))),
                    Icons.namedMarker("arrow-right"));
            case "CardGroup", "Columns", "Tiles" -> pair("<div class=\"card-group cols-" + cols(tag) + "\">", "</div>");
            case "Tile" -> tile(tag);
            case "Tree", "FileTree" -> pair("<div class=\"tree\"><ul>", "</ul></div>");
            case "Tree.Folder" -> folder(tag);
            case "Tree.File" -> pair("<li class=\"tree-file" + (tag.attributes().containsKey("highlight") ? " tree-highlight" : "")
                    + "\">" + Icons.namedMarker("file") + "<span>" + markup(orElse(tag.attr("name"), "")) + "</span>", "</li>");
            case "Color" -> pair("<div class=\"colors colors-" + ("table".equals(tag.attr("variant")) ? "table" : "compact") + "\">", "</div>");
            case "Color.Row" -> pair("<div class=\"color-row\">" + titled("color-row-title", tag.attr("title")) + "<div class=\"color-items\">", "</div></div>");
            case "Color.Item" -> pair("<div class=\"color-item\">" + StyleMarks.swatch(tag.attr("value"))
                    + "<span class=\"color-name\">" + markup(orElse(tag.attr("name"), "")) + "</span>"
                    + "<code class=\"color-value\">" + markup(orElse(tag.attr("value"), "")) + "</code>", "</div>");
            case "GitHub.Repo" -> gitHubRepo(tag);
            case "View" -> pair("<details class=\"view\"" + (views++ == 0 ? " open" : "") + "><summary class=\"view-title\">"
                    + icons.marker(tag.attr("icon")) + inlineText(orElse(tag.attr("title"), "View")) + "</summary><div class=\"view-body\">",
                    "</div></details>");
            case "CodeBlock" -> pair("```" + orElse(tag.attr("language"), "text").replaceAll("\\s", "") + codeBlockMeta(tag) + "\n", "\n```");
            case "Steps" -> pair("<ol class=\"steps\">", "</ol>");
            case "Step" -> pair("<li class=\"step\">" + titled("step-title", tag.attr("title")), "</li>");
            case "Icon" -> icon(tag);
            case "Tabs" -> pair("<div class=\"" + tabsClasses(tag) + "\">", "</div>");
            case "Tab" -> tab(tag);
            case "CodeGroup", "RequestExample", "ResponseExample" -> pair("<div class=\"code-group"
                    + (name.equals("CodeGroup") ? "" : " api-example") + "\">"
                    + (name.equals("CodeGroup") ? "" : titled("code-group-title",
                    strings.get(name.equals("RequestExample") ? "requestExample" : "responseExample"))), "</div>");
            case "AccordionGroup" -> pair("<div class=\"accordion-group\">", "</div>");
            case "Accordion" -> pair("<details class=\"accordion\"" + (tag.attributes().containsKey("defaultOpen") ? " open" : "")
                    + "><summary>" + inlineText(orElse(tag.attr("title"), "Details")) + "</summary>", "</details>");
            case "Expandable" -> pair("<details class=\"expandable\"" + (tag.attributes().containsKey("defaultOpen") ? " open" : "")
                    + "><summary>" + markup(orElse(tag.attr("title"), "properties")) + "</summary>", "</details>");
            case "Frame" -> pair("<figure class=\"frame\">" + titled("frame-hint", tag.attr("hint")), (tag.attr("caption") == null ? ""
                    : "<figcaption>" + inlineText(tag.attr("caption")) + "</figcaption>") + "</figure>");
            case "ParamField", "ResponseField" -> field(tag);
            case "Update" -> pair("<section class=\"update\"" + updateId(tag) + "><div class=\"update-meta\">"
                    + titled("update-label", tag.attr("label")) + titled("update-description", tag.attr("description"))
                    + updateTags(tag) + "</div><div class=\"update-body\">", "</div></section>");
            case "Prompt" -> pair("<div class=\"prompt\"><div class=\"prompt-head\">"
                    + "<span class=\"prompt-label\">" + icons.marker(tag.attr("icon")) + HtmlEncoder.attr(strings.get("prompt")) + "</span>" + titled("prompt-description", tag.attr("description"))
                    + "</div><div class=\"prompt-body\">", "</div></div>");
            case "Visibility" -> pair("<div class=\"visibility\">", "</div>");
            case "Panel" -> pair("<aside class=\"panel\">", "</aside>");
            case "Tooltip" -> tooltip(tag);
            case "Badge" -> pair("<span class=\"" + badgeClasses(tag) + "\">" + icons.marker(tag.attr("icon")), "</span>");
            case "Kbd" -> pair("<kbd>", "</kbd>");
            case "Mermaid" -> tag.attr("chart") == null ? null : pair("```mermaid\n" + tag.attr("chart").replace("```", "") + "\n", "\n```");
            default -> null;
        };
    }

    /** A card's {@code type} gives it a callout's colours and, unless it has its own, that callout's icon. */
    private static final Map<String, String> CARD_TYPE_ICONS = Map.of("info", "circle-info", "note", "circle-info",
            "warning", "triangle-exclamation", "tip", "lightbulb", "check", "check", "danger", "circle-exclamation");

    private static String[] card(JsxTag tag, String icon, String arrowIcon) {
        // The link sits on the title (an element that may start a Markdown HTML block must come first);
        // the stylesheet stretches it over the whole card.
        String href = tag.attr("href");
        String title = tag.attr("title");
        String img = tag.attr("img");
        boolean horizontal = flag(tag, "horizontal");
        // As Mintlify: an arrow by default only for links to other sites.
        boolean external = href != null && href.matches("(?i)https?://.*");
        boolean arrow = href != null && (tag.attributes().containsKey("arrow") ? flag(tag, "arrow") : external);
        String head = href == null ? titled("card-title", title)
                : "<a class=\"card-title card-link\" href=\"" + markup(href) + "\">"
                + (title == null ? markup(href) : inlineText(title)) + "</a>";
        String cta = tag.attr("cta") == null ? "" : "<span class=\"card-cta\">" + inlineText(tag.attr("cta")) + "</span>";
        String type = CARD_TYPE_ICONS.containsKey(orElse(tag.attr("type"), "")) ? " card-" + tag.attr("type") : "";
        return pair("<div class=\"card" + type + (href == null ? "" : " card-linked") + (horizontal ? " card-horizontal" : "")
                + (img == null ? "" : " card-with-img") + "\">" + StyleMarks.accent(tag.attr("color"))
                + (img == null ? "" : "<img class=\"card-img\" src=\"" + markup(img) + "\" alt=\"\" loading=\"lazy\">")
                + (icon.isEmpty() ? "" : "<span class=\"card-icon\">" + icon + "</span>") + head,
                cta + (arrow ? "<span class=\"card-arrow\" aria-hidden=\"true\">" + arrowIcon + "</span>" : "") + "</div>");
    }

    /**
     * Tabs carry their options as classes (the sanitizer keeps no {@code data-} attribute): the site
     * script selects {@code tabs-default-N} first and keeps groups in step unless {@code tabs-independent}.
     */
    private static String tabsClasses(JsxTag tag) {
        StringBuilder s = new StringBuilder("tabs");
        String index = tag.attr("defaultTabIndex");
        if (index != null && index.matches("\\d{1,3}")) {
            s.append(" tabs-default-").append(Integer.parseInt(index));
        }
        if ("false".equals(tag.attributes().get("sync"))) {
            s.append(" tabs-independent");
        }
        if (flag(tag, "borderBottom")) {
            s.append(" tabs-border");
        }
        return s.toString();
    }

    /** A tab: its {@code id} is the anchor a link may open it by. */
    private String[] tab(JsxTag tag) {
        String title = tag.attr("title");
        // Only an explicit id: a title's slug would repeat a heading's, or the same title in another group.
        String id = tag.attr("id") == null ? "" : dev.docsassistant.content.SectionSplitter.anchorOf(tag.attr("id"));
        return pair("<section class=\"tab\"" + (id.isEmpty() ? "" : " id=\"" + id + "\"") + ">"
                + (title == null ? "" : "<div class=\"tab-title\">" + icons.marker(tag.attr("icon")) + inlineText(title) + "</div>"),
                "</section>");
    }

    /** An icon with its {@code color} and {@code size} (pixels) as the style of a span around it. */
    private String[] icon(JsxTag tag) {
        String marker = tag.attr("src") != null ? icons.marker(tag.attr("src")) : icons.marker(tag.attr("icon"));
        String size = tag.attr("size");
        String style = StyleMarks.accent(tag.attr("color"))
                + (size != null && size.matches("\\d{1,3}(\\.\\d+)?") ? StyleMarks.size(size + "px") : "");
        if (style.isEmpty() || marker.isEmpty()) {
            return pair(marker, "");
        }
        return pair("<span class=\"icon-styled\">" + style + marker + "</span>", "");
    }

    /** A boolean attribute: present without a value, or {@code "true"}. */
    private static boolean flag(JsxTag tag, String name) {
        String v = tag.attributes().get(name);
        return v != null && !v.equalsIgnoreCase("false");
    }

    private static String[] tile(JsxTag tag) {
        // The preview first, then the title and description; the title's link covers the tile.
        String href = tag.attr("href");
        String title = orElse(tag.attr("title"), orElse(href, ""));
        String link = href == null ? titled("tile-title", title)
                : "<a class=\"tile-title card-link\" href=\"" + markup(href) + "\">" + inlineText(title) + "</a>";
        return pair("<div class=\"tile" + (href == null ? "" : " card-linked") + "\"><div class=\"tile-preview\">",
                "</div>" + link + titled("tile-description", tag.attr("description")) + "</div>");
    }

    private static String[] folder(JsxTag tag) {
        String name = "<span>" + markup(orElse(tag.attr("name"), "")) + "</span>";
        String cls = "tree-folder" + (tag.attributes().containsKey("highlight") ? " tree-highlight" : "");
        if ("false".equals(tag.attributes().get("openable"))) {
            return pair("<li class=\"" + cls + "\"><span class=\"tree-name\">" + Icons.namedMarker("folder") + name + "</span><ul>", "</ul></li>");
        }
        return pair("<li class=\"" + cls + "\"><details" + (flag(tag, "defaultOpen") ? " open" : "") + "><summary>"
                + Icons.namedMarker("folder") + name + "</summary><ul>", "</ul></details></li>");
    }

    /** A card linking to the repository: no request to GitHub (the page stays within its policy), so no live counts. */
    private static String[] gitHubRepo(JsxTag tag) {
        String repo = orElse(tag.attr("repo"), "").replaceFirst("(?i)^https?://(www\\.)?github\\.com/", "").replaceAll("/+$", "");
        if (!repo.matches("[\\w.-]+/[\\w.-]+")) {
            return pair("", "");
        }
        return pair("<div class=\"card card-linked github-repo" + ("flat".equals(tag.attr("variant")) ? " github-flat" : "") + "\">"
                + "<span class=\"card-icon\">" + Icons.namedMarker("github") + "</span>"
                + "<a class=\"card-title card-link\" href=\"https://github.com/" + markup(repo) + "\">" + markup(repo) + "</a>"
                + "<p>github.com/" + markup(repo) + "</p>", "</div>");
    }

    private static String codeBlockMeta(JsxTag tag) {
        StringBuilder meta = new StringBuilder();
        if (tag.attr("filename") != null) {
            meta.append(" title=\"").append(tag.attr("filename").replace("\"", "")).append('"');
        }
        if (tag.attr("icon") != null) {
            meta.append(" icon=\"").append(tag.attr("icon").replace("\"", "")).append('"');
        }
        for (String key : List.of("highlight", "focus")) {
            String v = tag.attr(key);
            if (v != null && v.matches("[\\d,\\s{}\\[\\]-]+")) {
                meta.append(' ').append(key).append("={").append(v.replaceAll("[\\s{}\\[\\]]", "")).append('}');
            }
        }
        for (String key : List.of("lines", "wrap", "nocopy", "expandable")) {
            if (flag(tag, key)) {
                meta.append(' ').append(key);
            }
        }
        return meta.toString();
    }

    private static String updateId(JsxTag tag) {
        String label = tag.attr("label");
        String id = label == null ? "" : dev.docsassistant.content.SectionSplitter.anchorOf(label);
        return id.isEmpty() ? "" : " id=\"" + id + "\"";
    }

    private static String updateTags(JsxTag tag) {
        String tags = tag.attributes().get("tags");
        if (tags == null || tags.isBlank()) {
            return "";
        }
        StringBuilder s = new StringBuilder("<ul class=\"update-tags\">");
        for (String t : tags.split("\n")) {
            s.append("<li class=\"update-tag\">").append(markup(t.strip())).append("</li>");
        }
        return s.append("</ul>").toString();
    }

    /** A term with its tip: shown on hover and on keyboard focus by the stylesheet alone, with its headline and link. */
    private static String[] tooltip(JsxTag tag) {
        StringBuilder box = new StringBuilder("<span class=\"tooltip-box\" role=\"tooltip\">");
        if (tag.attr("headline") != null) {
            box.append("<strong class=\"tooltip-headline\">").append(markup(tag.attr("headline"))).append("</strong> ");
        }
        box.append(markup(orElse(tag.attr("tip"), "")));
        if (tag.attr("cta") != null && tag.attr("href") != null) {
            box.append(" <a class=\"tooltip-cta\" href=\"").append(markup(tag.attr("href"))).append("\">")
                    .append(markup(tag.attr("cta"))).append("</a>");
        }
        return pair("<span class=\"tooltip\" tabindex=\"0\">", box.append("</span></span>").toString());
    }

    private static final java.util.Set<String> BADGE_COLORS = java.util.Set.of("gray", "blue", "green", "yellow", "orange",
            "red", "purple", "white", "surface", "white-destructive", "surface-destructive");

    private static String badgeClasses(JsxTag tag) {
        StringBuilder s = new StringBuilder("badge");
        String color = tag.attr("color");
        if (color != null && BADGE_COLORS.contains(color)) {
            s.append(" badge-").append(color);
        }
        String size = tag.attr("size");
        if (size != null && size.matches("xs|sm|md|lg")) {
            s.append(" badge-").append(size);
        }
        if ("rounded".equals(tag.attr("shape"))) {
            s.append(" badge-rounded");
        }
        if (flag(tag, "stroke")) {
            s.append(" badge-stroke");
        }
        if (flag(tag, "disabled")) {
            s.append(" badge-disabled");
        }
        return s.toString();
    }

    private static String[] field(JsxTag tag) {
        String fieldName = tag.attr("path", "query", "body", "header", "name", "param");
        StringBuilder head = new StringBuilder("<div class=\"field\"><div class=\"field-head\">");
        if (fieldName != null) {
            head.append("<code class=\"field-name\">").append(markup(fieldName)).append("</code>");
        }
        for (String location : List.of("path", "query", "body", "header")) {
            if (tag.attributes().containsKey(location)) {
                head.append("<span class=\"field-meta\">").append(location).append("</span>");
            }
        }
        if (tag.attr("type") != null) {
            head.append("<span class=\"field-meta field-type\">").append(markup(tag.attr("type"))).append("</span>");
        }
        if (tag.attributes().containsKey("required")) {
            head.append("<span class=\"field-required\">required</span>");
        }
        if (tag.attributes().containsKey("deprecated")) {
            head.append("<span class=\"field-deprecated\">deprecated</span>");
        }
        if (tag.attr("default") != null) {
            head.append("<span class=\"field-meta\">default: <code>").append(markup(tag.attr("default"))).append("</code></span>");
        }
        return pair(head.append("</div><div class=\"field-body\">").toString(), "</div></div>");
    }

    private static String attributes(JsxTag tag) {
        StringBuilder s = new StringBuilder();
        tag.attributes().forEach((k, v) -> s.append(' ').append(JSX_NAMES.getOrDefault(k, k)).append("=\"")
                .append(markup(v)).append('"'));
        return s.toString();
    }

    /**
     * A value as HTML text or a double-quoted attribute, its character references left for the
     * sanitizer's parser to decode (JSX decodes them too): {@code &amp;} is read once, never shown.
     */
    private static String markup(String value) {
        return value.replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String titled(String cssClass, String text) {
        return text == null ? "" : "<div class=\"" + cssClass + "\">" + inlineText(text) + "</div>";
    }

    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)]\\(([^)\\s]+)\\)");
    private static final Pattern STRONG = Pattern.compile("\\*\\*([^*]+)\\*\\*");
    private static final Pattern EMPHASIS = Pattern.compile("(?<![*\\w])\\*([^*\\s][^*]*)\\*(?![*\\w])");

    /**
     * A title or caption attribute as the reader expects it: escaped, with its `code`, **strong**,
     * *emphasis* and [links](…) (which the sanitizer resolves and checks like any other link).
     */
    static String inlineText(String text) {
        String s = CODE_SPAN.matcher(markup(text)).replaceAll("<code>$1</code>");
        s = LINK.matcher(s).replaceAll("<a href=\"$2\">$1</a>");
        s = STRONG.matcher(s).replaceAll("<strong>$1</strong>");
        return EMPHASIS.matcher(s).replaceAll("<em>$1</em>");
    }

    private static String cols(JsxTag tag) {
        String c = tag.attr("cols");
        return c != null && c.matches("[1-4]") ? c : "2";
    }

    private static String orElse(String value, String fallback) {
        return value == null ? fallback : value;
    }

    private static String[] pair(String open, String close) {
        return new String[] {open, close};
    }
}
