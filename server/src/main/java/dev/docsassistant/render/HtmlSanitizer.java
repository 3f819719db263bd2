package dev.docsassistant.render;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.safety.Cleaner;
import org.jsoup.safety.Safelist;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Cleans a page body (Markdown rendered to HTML, raw HTML and component elements included) in one
 * pass with jsoup: the body is parsed as a browser would, so tags are balanced (an unclosed
 * {@code <table>} or a stray {@code </div>} stays inside the body); only presentational elements
 * and attributes of {@link #SAFELIST} survive; every URL goes through {@link LinkResolver}; ids in
 * the layout's namespace and {@code data-} attributes, which the site script relies on, are dropped.
 * Entities are decoded once on the way in and encoded once on the way out.
 */
final class HtmlSanitizer {
    /** The prefix of the ids the layout and the site script own ({@code da:assistant}); heading slugs never contain {@code :}. */
    static final String LAYOUT_ID_PREFIX = "da:";
    /** Base for jsoup's own protocol check of relative links; it never reaches the output. */
    private static final String BASE = "https://site.invalid/";
    private static final Map<String, String> URL_ATTRIBUTES = Map.of(
            "a", "href", "img", "src", "video", "src", "source", "src", "blockquote", "cite", "q", "cite");
    /** Further URL attributes, checked as images are: the picture a video shows before it plays. */
    private static final Map<String, String> MORE_URL_ATTRIBUTES = Map.of("video", "poster");
    private static final Safelist SAFELIST = new Safelist()
            .addTags("a", "abbr", "aside", "b", "blockquote", "br", "caption", "center", "code", "col", "colgroup",
                    "dd", "del", "details", "div", "dl", "dt", "em", "figcaption", "figure", "footer", "h1", "h2", "h3",
                    "h4", "h5", "h6", "header", "hr", "i", "img", "ins", "kbd", "li", "mark", "nav", "ol", "p",
                    "picture", "pre", "q", "s", "section", "small", "source", "span", "strong", "sub", "summary", "sup",
                    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul", "video")
            // No SVG: a page's own <svg> is not presentational HTML (it can link, load and animate); the
            // bundled icons pass as markers and become SVG after cleaning (Icons#expand).
            .addAttributes(":all", "class", "id", "title", "lang", "dir", "role", "align", "aria-label",
                    "aria-labelledby", "aria-describedby", "aria-hidden")
            .addAttributes("a", "href", "hreflang")
            .addAttributes("img", "src", "alt", "width", "height", "loading")
            .addAttributes("video", "src", "poster", "controls", "loop", "muted", "autoplay", "playsinline", "width", "height")
            .addAttributes("source", "src", "type")
            .addAttributes("td", "colspan", "rowspan", "headers")
            .addAttributes("th", "colspan", "rowspan", "headers", "scope")
            .addAttributes("col", "span", "width")
            .addAttributes("colgroup", "span", "width")
            .addAttributes("ol", "start", "reversed", "type")
            .addAttributes("details", "open")
            .addAttributes("pre", "tabindex")
            .addAttributes("span", "tabindex")
            .addAttributes("table", "tabindex")
            .addAttributes("blockquote", "cite")
            .addAttributes("q", "cite")
            .addAttributes("del", "datetime")
            .addAttributes("ins", "datetime")
            .addProtocols("a", "href", "http", "https", "mailto", "tel")
            .addProtocols("img", "src", "http", "https", "data")
            .addProtocols("video", "src", "http", "https")
            .addProtocols("video", "poster", "http", "https", "data")
            .addProtocols("source", "src", "http", "https")
            .addProtocols("blockquote", "cite", "http", "https")
            .addProtocols("q", "cite", "http", "https")
            .preserveRelativeLinks(true);

    private final LinkResolver links;

    HtmlSanitizer(LinkResolver links) {
        this.links = links;
    }

    /** The safe form of a body fragment. */
    String clean(String html) {
        Document dirty = Jsoup.parseBodyFragment(html, BASE);
        framesToLinks(dirty);
        for (Element e : dirty.body().getAllElements()) {
            String urlAttribute = URL_ATTRIBUTES.get(e.normalName());
            if (urlAttribute != null && e.hasAttr(urlAttribute)) {
                Function<String, Optional<String>> check = e.normalName().equals("a") ? links::link : links::embed;
                check.apply(e.attr(urlAttribute)).ifPresentOrElse(u -> e.attr(urlAttribute, u), () -> e.removeAttr(urlAttribute));
            }
            String more = MORE_URL_ATTRIBUTES.get(e.normalName());
            if (more != null && e.hasAttr(more)) {
                links.embed(e.attr(more)).ifPresentOrElse(u -> e.attr(more, u), () -> e.removeAttr(more));
            }
            if (e.id().startsWith(LAYOUT_ID_PREFIX)) {
                e.removeAttr("id");
            }
        }
        Document clean = new Cleaner(SAFELIST).clean(dirty);
        // Links to other sites must not hand them this page's window.
        clean.select("a[href^=http:], a[href^=https:]").attr("rel", "noopener");
        clean.outputSettings().prettyPrint(false);
        return clean.body().html();
    }

    /** Frames would need their hosts in the page's policy; a link keeps the content one click away. */
    private static void framesToLinks(Document dirty) {
        for (Element frame : dirty.select("iframe")) {
            String src = frame.attr("src");
            if (src.isBlank()) {
                frame.remove();
                continue;
            }
            Element link = new Element("a").addClass("embed-link").attr("href", src)
                    .text(frame.hasAttr("title") ? frame.attr("title") : src);
            frame.replaceWith(link);
        }
    }
}
