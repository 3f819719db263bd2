package dev.docsassistant.render;

import dev.docsassistant.site.JsxTag;

import java.util.Map;
import java.util.Set;

/**
 * Cleans the raw HTML a page carries (and the elements its components become): known
 * presentational tags keep their safe attributes, with links resolved; scripts, styles, event
 * handlers, forms and frames are dropped; any other {@code <} is shown as text.
 */
final class HtmlSanitizer {
    private static final Set<String> TAGS = Set.of(
            "a", "abbr", "aside", "b", "blockquote", "br", "caption", "code", "col", "colgroup", "dd", "del", "details",
            "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img",
            "ins", "kbd", "li", "mark", "ol", "p", "picture", "pre", "q", "s", "section", "small", "source", "span",
            "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul",
            "video", "nav", "header", "footer", "center");
    private static final Set<String> VOID = Set.of("br", "hr", "img", "col", "source");
    /** Elements whose whole content goes with them. */
    private static final Set<String> DROP_CONTENT = Set.of("script", "style", "noscript", "template", "textarea", "title");
    private static final Set<String> ATTRIBUTES = Set.of(
            "class", "id", "title", "alt", "width", "height", "colspan", "rowspan", "align", "open", "role",
            "start", "type", "controls", "loop", "muted", "autoplay", "playsinline", "poster", "loading", "lang",
            "dir", "scope", "headers", "datetime", "cite", "reversed", "span", "srcset");
    private static final Map<String, String> RENAMED = Map.of("className", "class", "htmlFor", "for");

    private final LinkResolver links;

    HtmlSanitizer(LinkResolver links) {
        this.links = links;
    }

    String clean(String html) {
        StringBuilder out = new StringBuilder(html.length());
        int i = 0;
        while (i < html.length()) {
            char c = html.charAt(i);
            if (c == '<') {
                if (html.startsWith("<!--", i)) {
                    int end = html.indexOf("-->", i + 4);
                    i = end < 0 ? html.length() : end + 3;
                    continue;
                }
                JsxTag tag = JsxTag.parse(html, i);
                if (tag != null) {
                    String name = tag.name().toLowerCase();
                    if (DROP_CONTENT.contains(name) && !tag.closing() && !tag.selfClosing()) {
                        int close = html.toLowerCase().indexOf("</" + name, tag.end());
                        int gt = close < 0 ? -1 : html.indexOf('>', close);
                        i = gt < 0 ? html.length() : gt + 1;
                        continue;
                    }
                    out.append(element(name, tag));
                    i = tag.end();
                    continue;
                }
                out.append("&lt;");
                i++;
                continue;
            }
            if (c == '>') {
                out.append("&gt;");
            } else if (c == '"') {
                out.append("&quot;");
            } else {
                out.append(c);
            }
            i++;
        }
        return out.toString();
    }

    private String element(String name, JsxTag tag) {
        if (name.equals("iframe") && !tag.closing()) {
            // Frames would need their hosts in the page's policy; a link keeps the content one click away.
            String src = tag.attr("src");
            return src == null ? "" : "<a class=\"embed-link\" href=\"" + Html.escape(links.href(src)) + "\">"
                    + Html.escape(tag.attr("title") == null ? src : tag.attr("title")) + "</a>";
        }
        if (!TAGS.contains(name)) {
            return "";
        }
        if (tag.closing()) {
            return VOID.contains(name) ? "" : "</" + name + ">";
        }
        StringBuilder s = new StringBuilder("<").append(name);
        tag.attributes().forEach((rawKey, value) -> {
            String key = RENAMED.getOrDefault(rawKey, rawKey);
            String lower = key.toLowerCase();
            if (lower.equals("href")) {
                s.append(" href=\"").append(Html.escape(links.href(value))).append('"');
                if (value.startsWith("http://") || value.startsWith("https://")) {
                    s.append(" rel=\"noopener\"");
                }
            } else if (lower.equals("src")) {
                s.append(" src=\"").append(Html.escape(links.src(value))).append('"');
            } else if (ATTRIBUTES.contains(lower) || lower.startsWith("aria-") || lower.startsWith("data-")) {
                if (lower.equals("srcset")) {
                    return; // many URLs in one value; src is enough
                }
                s.append(' ').append(lower).append("=\"").append(Html.escape(value)).append('"');
            }
        });
        s.append('>');
        if (tag.selfClosing() && !VOID.contains(name)) {
            s.append("</").append(name).append('>');
        }
        return s.toString();
    }
}
