package dev.docsassistant.content.mdx;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who a page is converted for. {@code <Visibility for="humans">} content is for readers of the
 * rendered site (and what search indexes, since results link to those pages);
 * {@code <Visibility for="agents">} content is for the Markdown agents read ({@code .md} pages).
 */
public enum Audience {
    READERS("humans"), AGENTS("agents");

    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})");
    private static final Pattern VISIBILITY = Pattern.compile("</?Visibility\\b");

    private final String visibilityValue;

    Audience(String visibilityValue) {
        this.visibilityValue = visibilityValue;
    }

    /**
     * The MDX without the {@code <Visibility>} blocks meant for the other audience; the tags of
     * kept blocks stay (they render as their content). Tags inside code are left alone.
     */
    public String keep(String mdx) {
        if (!mdx.contains("<Visibility")) {
            return mdx;
        }
        List<int[]> code = codeRanges(mdx);
        StringBuilder out = new StringBuilder(mdx.length());
        Matcher m = VISIBILITY.matcher(mdx);
        int copied = 0;
        int depth = 0;
        int dropFrom = -1;
        int dropDepth = 0;
        while (m.find()) {
            int at = m.start();
            if (inside(code, at) || inInlineCode(mdx, at)) {
                continue;
            }
            JsxTag tag = JsxTag.parse(mdx, at);
            if (tag == null) {
                continue;
            }
            if (!tag.closing()) {
                depth++;
                String audience = tag.attr("for");
                boolean other = audience != null && !audience.strip().toLowerCase(Locale.ROOT).equals(visibilityValue);
                if (other && dropFrom < 0 && !tag.selfClosing()) {
                    out.append(mdx, copied, at);
                    dropFrom = at;
                    dropDepth = depth;
                }
                if (tag.selfClosing()) {
                    depth--;
                }
            } else {
                if (dropFrom >= 0 && depth == dropDepth) {
                    copied = tag.end();
                    dropFrom = -1;
                }
                depth--;
            }
        }
        if (dropFrom < 0) {
            out.append(mdx, copied, mdx.length());
        }
        return out.toString();
    }

    private static List<int[]> codeRanges(String text) {
        List<int[]> ranges = new ArrayList<>();
        int lineStart = 0;
        int open = -1;
        String marker = null;
        while (lineStart <= text.length()) {
            int nl = text.indexOf('\n', lineStart);
            int lineEnd = nl < 0 ? text.length() : nl;
            Matcher f = FENCE.matcher(text.substring(lineStart, lineEnd));
            if (f.find()) {
                if (open < 0) {
                    open = lineStart;
                    marker = f.group(1);
                } else if (f.group(1).startsWith(marker)) {
                    ranges.add(new int[] {open, lineEnd});
                    open = -1;
                }
            }
            if (nl < 0) {
                break;
            }
            lineStart = nl + 1;
        }
        if (open >= 0) {
            ranges.add(new int[] {open, text.length()});
        }
        return ranges;
    }

    private static boolean inside(List<int[]> ranges, int at) {
        for (int[] r : ranges) {
            if (at >= r[0] && at < r[1]) {
                return true;
            }
        }
        return false;
    }

    /** Odd number of backticks before it on its line: inside an inline code span. */
    private static boolean inInlineCode(String text, int at) {
        int lineStart = text.lastIndexOf('\n', at - 1) + 1;
        long ticks = text.substring(lineStart, at).chars().filter(c -> c == '`').count();
        return ticks % 2 == 1;
    }
}
