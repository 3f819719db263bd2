package dev.docsassistant.content.mdx;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reports, at their line and column, the components of a page body that the site cannot show as
 * written: an unknown component (its content is still shown), an attribute no component reads, and a
 * React component of the site's own ({@code export const}, or imported from a script), which cannot
 * run under the site's Content-Security-Policy. Code (fenced and inline) and comments are not read.
 * Each name is reported once per page, where it first shows.
 */
public final class ComponentCheck {
    /** What the problem of a site's own React component says; the compatibility table names it. */
    public static final String CUSTOM = "is a React component of the site's own: it cannot run here (no site scripts under the"
            + " Content-Security-Policy); its content is shown as text. Write it with Markdown and the built-in components";

    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})");
    private static final Pattern IMPORT = Pattern.compile(
            "^import\\s+(\\w+)?\\s*,?\\s*(?:\\{([^}]*)})?\\s*from\\s+['\"]([^'\"]+)['\"]", Pattern.MULTILINE);
    private static final Pattern EXPORT = Pattern.compile("^export\\s+(?:const|function|let|var)\\s+([A-Z]\\w*)", Pattern.MULTILINE);

    private ComponentCheck() {
    }

    /**
     * @param body      the page body (front matter removed)
     * @param firstLine the file's line number of the body's first line
     */
    public static void check(String body, int firstLine, FrontMatter.Problems problems) {
        Set<String> snippets = new HashSet<>();
        Set<String> reported = new HashSet<>();
        List<int[]> fences = fences(body);
        Matcher imp = IMPORT.matcher(body);
        while (imp.find()) {
            if (inside(fences, imp.start())) {
                continue; // an import in a code sample is the sample's, not the page's
            }
            String from = imp.group(3).toLowerCase(Locale.ROOT);
            boolean markdown = from.endsWith(".mdx") || from.endsWith(".md");
            if (imp.group(1) != null && markdown) {
                snippets.add(imp.group(1));
            } else if (imp.group(1) != null) {
                custom(body, firstLine, imp.start(), imp.group(1), reported, problems);
            }
            if (imp.group(2) != null) {
                for (String named : imp.group(2).split(",")) {
                    String name = named.strip().replaceFirst(".*\\s+as\\s+", "");
                    if (!name.isEmpty()) {
                        custom(body, firstLine, imp.start(), name, reported, problems);
                    }
                }
            }
        }
        Matcher export = EXPORT.matcher(body);
        while (export.find()) {
            if (inside(fences, export.start())) {
                continue;
            }
            custom(body, firstLine, export.start(), export.group(1), reported, problems);
        }
        boolean inFence = false;
        int lineStart = 0;
        while (lineStart <= body.length()) {
            int lineEnd = body.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = body.length();
            }
            String line = body.substring(lineStart, lineEnd);
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
            } else if (!inFence && !line.startsWith("import ") && !line.startsWith("export ")) {
                lineEnd = scan(body, lineStart, lineEnd, firstLine, snippets, reported, problems);
            }
            lineStart = lineEnd + 1;
        }
    }

    /** Reads the tags from {@code from} to the line's end (or further, where a tag or comment spans lines); returns where it stopped. */
    private static int scan(String body, int from, int lineEnd, int firstLine, Set<String> snippets, Set<String> reported,
                            FrontMatter.Problems problems) {
        int i = from;
        while (i < lineEnd) {
            char c = body.charAt(i);
            if (c == '`') {
                int close = body.indexOf('`', i + 1);
                i = close < 0 || close > lineEnd ? i + 1 : close + 1;
            } else if (c == '\\') {
                i += 2;
            } else if (body.startsWith("{/*", i) || body.startsWith("<!--", i)) {
                int close = body.indexOf(c == '{' ? "*/}" : "-->", i);
                if (close < 0) {
                    return lineEnd;
                }
                i = close + 3;
                lineEnd = Math.max(lineEnd, lineEndAfter(body, i));
            } else if (c == '<') {
                JsxTag tag = JsxTag.parse(body, i);
                if (tag == null) {
                    i++;
                    continue;
                }
                if (!tag.closing() && Character.isUpperCase(tag.name().charAt(0)) && !snippets.contains(tag.name())) {
                    report(body, firstLine, i, tag, reported, problems);
                }
                i = tag.end();
                lineEnd = Math.max(lineEnd, lineEndAfter(body, i));
            } else {
                i++;
            }
        }
        return Math.min(lineEnd, body.length());
    }

    /** The fenced code blocks of the body, each as {start, end} offsets; an unclosed fence runs to the end. */
    private static List<int[]> fences(String body) {
        List<int[]> fences = new ArrayList<>();
        int open = -1;
        int lineStart = 0;
        while (lineStart <= body.length()) {
            int lineEnd = body.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = body.length();
            }
            if (FENCE.matcher(body.substring(lineStart, lineEnd)).find()) {
                if (open < 0) {
                    open = lineStart;
                } else {
                    fences.add(new int[]{open, lineEnd});
                    open = -1;
                }
            }
            lineStart = lineEnd + 1;
        }
        if (open >= 0) {
            fences.add(new int[]{open, body.length()});
        }
        return fences;
    }

    private static boolean inside(List<int[]> fences, int at) {
        for (int[] f : fences) {
            if (at >= f[0] && at <= f[1]) {
                return true;
            }
        }
        return false;
    }

    private static int lineEndAfter(String body, int at) {
        int end = body.indexOf('\n', Math.min(at, body.length()));
        return end < 0 ? body.length() : end;
    }

    private static void report(String body, int firstLine, int at, JsxTag tag, Set<String> reported, FrontMatter.Problems problems) {
        String name = tag.name();
        if (!Components.known(name)) {
            if (reported.add(name)) {
                problems.atOffset(body, firstLine, at, "unknown component <" + name + ">: only its content is shown");
            }
            return;
        }
        for (String attribute : tag.attributes().keySet()) {
            if (!Components.reads(name, attribute) && reported.add(name + " " + attribute)) {
                problems.atOffset(body, firstLine, at, "<" + name + "> has no attribute \"" + attribute + "\" here: ignored");
            }
        }
    }

    private static void custom(String body, int firstLine, int at, String name, Set<String> reported, FrontMatter.Problems problems) {
        if (reported.add(name)) {
            problems.atOffset(body, firstLine, at, "<" + name + "> " + CUSTOM);
        }
    }


}
