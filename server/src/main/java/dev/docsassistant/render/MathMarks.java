package dev.docsassistant.render;

import dev.docsassistant.content.mdx.MathSpans;
import dev.docsassistant.integrations.spi.HtmlEncoder;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page's math kept away from Markdown (whose emphasis and escapes would eat TeX's {@code _} and
 * {@code \}): each expression becomes a marker before parsing and, once the body is clean, an
 * element holding its TeX, which the site script's math chunk (Temml, TeX to MathML) renders. Without
 * script the reader sees the TeX.
 */
final class MathMarks {
    /** A private-use character, as the icons' marker: never in docs text, untouched by Markdown and HTML escaping. */
    private static final char MARK = '\uE002';
    private static final Pattern MARKER = Pattern.compile(MARK + "(\\d{1,6})" + MARK);

    private final List<MathSpans.Span> spans = new ArrayList<>();

    /** The Markdown with each expression replaced by its marker. */
    String protect(String markdown) {
        List<MathSpans.Span> found = MathSpans.find(markdown);
        if (found.isEmpty()) {
            return markdown;
        }
        StringBuilder out = new StringBuilder(markdown.length());
        int from = 0;
        for (MathSpans.Span span : found) {
            out.append(markdown, from, span.start()).append(MARK).append(spans.size()).append(MARK);
            spans.add(span);
            from = span.end();
        }
        return out.append(markdown, from, markdown.length()).toString();
    }

    /** The clean body with each marker turned into its math element. */
    String expand(String html) {
        if (spans.isEmpty()) {
            return html;
        }
        return MARKER.matcher(html).replaceAll(m -> {
            int i = Integer.parseInt(m.group(1));
            if (i >= spans.size()) {
                return "";
            }
            MathSpans.Span span = spans.get(i);
            return Matcher.quoteReplacement("<span class=\"math " + (span.display() ? "math-display" : "math-inline") + "\">"
                    + HtmlEncoder.attr(span.tex()) + "</span>");
        });
    }
}
