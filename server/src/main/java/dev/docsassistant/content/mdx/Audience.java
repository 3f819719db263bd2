package dev.docsassistant.content.mdx;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who a page is converted for, and the one walk over its {@code <Visibility>} blocks, each audience's
 * view given as data. {@code <Visibility for="humans">} content is for readers of the rendered site
 * (and what search indexes, since results link to those pages); {@code <Visibility for="agents">}
 * content is for the Markdown agents read ({@code .md} pages, llms-full.txt).
 */
public enum Audience {
    /** Drops every block marked for someone else; the tags of kept blocks stay (they render as their content). */
    READERS("humans", true, false),
    /** Drops the humans' blocks; the tags of kept blocks go, their content stays (agents read Markdown). */
    AGENTS("agents", false, true);

    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})");
    private static final Pattern VISIBILITY = Pattern.compile("</?Visibility\\b");

    private final String visibilityValue;
    /** Drops blocks whose {@code for} is anything but this audience's value, not only the other audience's. */
    private final boolean keepsOnlyItsOwn;
    /** Removes the {@code <Visibility>} tags of the blocks it keeps. */
    private final boolean removesKeptTags;

    Audience(String visibilityValue, boolean keepsOnlyItsOwn, boolean removesKeptTags) {
        this.visibilityValue = visibilityValue;
        this.keepsOnlyItsOwn = keepsOnlyItsOwn;
        this.removesKeptTags = removesKeptTags;
    }

    private boolean drops(String forValue) {
        if (forValue == null) {
            return false;
        }
        String value = forValue.strip().toLowerCase(Locale.ROOT);
        Audience other = this == READERS ? AGENTS : READERS;
        return keepsOnlyItsOwn ? !value.equals(visibilityValue) : value.equals(other.visibilityValue);
    }

    /**
     * The MDX without the {@code <Visibility>} blocks this audience does not see; the tags of kept
     * blocks stay or go as the audience has it. Tags inside code are left alone.
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
            boolean dropping = dropFrom >= 0;
            if (!tag.closing()) {
                depth++;
                if (!dropping && !tag.selfClosing() && drops(tag.attr("for"))) {
                    out.append(mdx, copied, at);
                    dropFrom = at;
                    dropDepth = depth;
                } else if (!dropping && removesKeptTags) {
                    out.append(mdx, copied, at);
                    copied = tag.end();
                }
                if (tag.selfClosing()) {
                    depth--;
                }
            } else {
                if (dropping && depth == dropDepth) {
                    copied = tag.end();
                    dropFrom = -1;
                } else if (!dropping && removesKeptTags) {
                    out.append(mdx, copied, at);
                    copied = tag.end();
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
