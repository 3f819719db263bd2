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
        return List.of("Tooltip", "Badge", "Icon", "Color", "Kbd").contains(name);
    }

    private static String block(String html) {
        return "\n\n" + html + "\n\n";
    }

    /** The opening and closing markup of a known component, or null for an unknown one. */
    private String[] element(JsxTag tag) {
        String name = tag.name();
        String callout = CALLOUTS.get(name);
        if (callout != null) {
            return pair("<div class=\"callout callout-" + callout + "\" role=\"note\">"
                    + "<p class=\"callout-label\">" + icons.marker(tag.attr("icon")) + HtmlEncoder.attr(strings.get(callout)) + "</p>", "</div>");
        }
        return switch (name) {
            case "Card" -> card(tag, icons.marker(tag.attr("icon")));
            case "CardGroup", "Columns", "Tiles" -> pair("<div class=\"card-group cols-" + cols(tag) + "\">", "</div>");
            case "Steps" -> pair("<ol class=\"steps\">", "</ol>");
            case "Step" -> pair("<li class=\"step\">" + titled("step-title", tag.attr("title")), "</li>");
            case "Icon" -> pair(icons.marker(tag.attr("icon")), "");
            case "Tabs" -> pair("<div class=\"tabs\">", "</div>");
            case "Tab" -> pair("<section class=\"tab\">" + titled("tab-title", tag.attr("title")), "</section>");
            case "CodeGroup", "RequestExample", "ResponseExample" -> pair("<div class=\"code-group\">"
                    + (name.equals("CodeGroup") ? "" : titled("code-group-title",
                    strings.get(name.equals("RequestExample") ? "requestExample" : "responseExample"))), "</div>");
            case "AccordionGroup" -> pair("<div class=\"accordion-group\">", "</div>");
            case "Accordion" -> pair("<details class=\"accordion\"" + (tag.attributes().containsKey("defaultOpen") ? " open" : "")
                    + "><summary>" + inlineText(orElse(tag.attr("title"), "Details")) + "</summary>", "</details>");
            case "Expandable" -> pair("<details class=\"expandable\"" + (tag.attributes().containsKey("defaultOpen") ? " open" : "")
                    + "><summary>" + markup(orElse(tag.attr("title"), "properties")) + "</summary>", "</details>");
            case "Frame" -> pair("<figure class=\"frame\">", (tag.attr("caption") == null ? ""
                    : "<figcaption>" + inlineText(tag.attr("caption")) + "</figcaption>") + "</figure>");
            case "ParamField", "ResponseField" -> field(tag);
            case "Update" -> pair("<section class=\"update\"><div class=\"update-meta\">"
                    + titled("update-label", tag.attr("label")) + titled("update-description", tag.attr("description"))
                    + "</div><div class=\"update-body\">", "</div></section>");
            case "Prompt" -> pair("<div class=\"prompt\"><div class=\"prompt-head\">"
                    + "<span class=\"prompt-label\">" + icons.marker(tag.attr("icon")) + HtmlEncoder.attr(strings.get("prompt")) + "</span>" + titled("prompt-description", tag.attr("description"))
                    + "</div><div class=\"prompt-body\">", "</div></div>");
            case "Visibility" -> pair("<div class=\"visibility\">", "</div>");
            case "Panel" -> pair("<aside class=\"panel\">", "</aside>");
            case "Tooltip" -> pair("<abbr class=\"tooltip\" title=\"" + markup(orElse(tag.attr("tip"), "")) + "\">", "</abbr>");
            case "Badge" -> pair("<span class=\"badge\">", "</span>");
            case "Kbd" -> pair("<kbd>", "</kbd>");
            case "Color" -> pair("", "");
            case "Mermaid" -> tag.attr("chart") == null ? null
                    : pair("<pre><code class=\"language-mermaid\">" + markup(tag.attr("chart")), "</code></pre>");
            default -> null;
        };
    }

    private static String[] card(JsxTag tag, String icon) {
        // The link sits on the title (an element that may start a Markdown HTML block must come first);
        // the stylesheet stretches it over the whole card.
        String href = tag.attr("href");
        String title = tag.attr("title");
        String head = href == null ? titled("card-title", title)
                : "<a class=\"card-title card-link\" href=\"" + markup(href) + "\">"
                + (title == null ? markup(href) : inlineText(title)) + "</a>";
        return pair("<div class=\"card" + (href == null ? "" : " card-linked") + "\">"
                + (icon.isEmpty() ? "" : "<span class=\"card-icon\">" + icon + "</span>") + head, "</div>");
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
