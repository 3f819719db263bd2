package dev.docsassistant.content.mdx;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How deep a page may nest, checked on its text before any parser builds a tree of it: block quotes
 * and list items ({@code > > -} at a line's start) and components ({@code <Note>} inside
 * {@code <Note>}). Parsers and renderers walk such trees recursively, so 50,000 nested quotes would
 * end in a stack overflow; a page over a limit is a problem of its file, at the line where it goes
 * over, and what is rendered of it anyway is cut to the limit ({@link #capContainers}).
 */
public final class NestingLimits {
    /** Block quotes and list items inside each other: real pages stay under ten. */
    public static final int MAX_CONTAINERS = 32;
    /** Components inside each other: real pages stay under ten. */
    public static final int MAX_COMPONENTS = 32;

    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})");
    /** One container marker: a quote's {@code >}, a bullet or a number followed by a space. */
    private static final Pattern MARKER = Pattern.compile("\\G {0,3}(?:>|[-*+](?=[ \\t])|\\d{1,9}[.)](?=[ \\t]))[ \\t]?");
    /** A component's opening or closing tag (capitalised, as MDX components are). */
    private static final Pattern COMPONENT = Pattern.compile("<(/?)([A-Z][\\w.]*)\\b[^<>]*?(/?)>");

    private NestingLimits() {
    }

    /**
     * Reports the first line where containers, and the first where components, nest deeper than allowed.
     *
     * @param firstLine the file's line number of the body's first line
     */
    public static void check(String body, int firstLine, FrontMatter.Problems problem) {
        boolean inFence = false;
        boolean containersReported = false;
        int components = 0;
        int lineNo = firstLine;
        for (String line : body.split("\n", -1)) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
            } else if (!inFence) {
                if (!containersReported) {
                    int depth = markers(line)[0];
                    if (depth > MAX_CONTAINERS) {
                        problem.at(lineNo, 1, "block quotes and lists nested " + depth + " deep (at most " + MAX_CONTAINERS + ")");
                        containersReported = true;
                    }
                }
                if (components >= 0) {
                    Matcher tag = COMPONENT.matcher(line);
                    while (tag.find()) {
                        if (!tag.group(3).isEmpty()) {
                            continue; // self-closing
                        }
                        components += tag.group(1).isEmpty() ? 1 : -1;
                        if (components > MAX_COMPONENTS) {
                            problem.at(lineNo, tag.start() + 1, "components nested more than " + MAX_COMPONENTS + " deep");
                            components = -1; // reported once
                            break;
                        }
                        components = Math.max(0, components);
                    }
                }
            }
            lineNo++;
        }
    }

    /**
     * The Markdown with each line's container markers beyond {@link #MAX_CONTAINERS} left out (its
     * text kept), so what a parser builds of it is never deeper than that.
     */
    public static String capContainers(String markdown) {
        StringBuilder out = null;
        boolean inFence = false;
        int from = 0;
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
            } else if (!inFence) {
                int[] m = markers(line);
                if (m[0] > MAX_CONTAINERS) {
                    if (out == null) {
                        out = new StringBuilder(markdown.length());
                        for (int k = 0; k < i; k++) {
                            out.append(lines[k]).append('\n');
                        }
                    }
                    out.append(line, 0, m[1]).append(line, m[2], line.length()).append('\n');
                    continue;
                }
            }
            if (out != null) {
                out.append(line).append('\n');
            }
        }
        if (out == null) {
            return markdown;
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    /** {count, end of the {@link #MAX_CONTAINERS}-th marker, end of the last marker} of a line's start. */
    private static int[] markers(String line) {
        Matcher m = MARKER.matcher(line);
        int count = 0;
        int capEnd = 0;
        int end = 0;
        while (end < line.length() && m.find(end) && m.start() == end && m.end() > end) {
            count++;
            end = m.end();
            if (count == MAX_CONTAINERS) {
                capEnd = end;
            }
        }
        return new int[] {count, capEnd, end};
    }
}
