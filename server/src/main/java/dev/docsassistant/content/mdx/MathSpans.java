package dev.docsassistant.content.mdx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * LaTeX in prose as Mintlify reads it ({@code create/text.mdx}): {@code $$…$$} for an equation on
 * its own, {@code $…$} inline. Code (fenced and inline) is never math, nor {@code \$}; an inline
 * pair must hug its content ({@code $x$}, not {@code $ 5 and $}) and its closing sign must not be
 * followed by a digit, so prices stay prices.
 */
public final class MathSpans {
    /** One expression: where it is in the text (signs included), its TeX, and whether it is displayed on its own. */
    public record Span(int start, int end, String tex, boolean display) {
    }

    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})");
    private static final Pattern BEGIN_END = Pattern.compile("\\\\(begin|end)\\s*\\{([^}]*)}");

    private MathSpans() {
    }

    /** Every math span of a text, in order. */
    public static List<Span> find(String text) {
        List<Span> spans = new ArrayList<>();
        if (text.indexOf('$') < 0) {
            return spans;
        }
        boolean inFence = false;
        int lineStart = 0;
        while (lineStart < text.length()) {
            int lineEnd = text.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = text.length();
            }
            if (FENCE.matcher(text.substring(lineStart, lineEnd)).find()) {
                inFence = !inFence;
                lineStart = lineEnd + 1;
                continue;
            }
            if (inFence) {
                lineStart = lineEnd + 1;
                continue;
            }
            int next = scanLine(text, lineStart, lineEnd, spans);
            lineStart = Math.max(next, lineEnd) + 1;
        }
        return spans;
    }

    /** Finds the spans starting in one line (a display span may run over lines); returns where scanning stopped. */
    private static int scanLine(String text, int from, int lineEnd, List<Span> spans) {
        int i = from;
        while (i < lineEnd) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '`') {
                int run = 1;
                while (i + run < lineEnd && text.charAt(i + run) == '`') {
                    run++;
                }
                int close = text.indexOf("`".repeat(run), i + run);
                i = close < 0 || close > lineEnd ? i + run : close + run;
            } else if (c == '$' && i + 1 < text.length() && text.charAt(i + 1) == '$') {
                int close = text.indexOf("$$", i + 2);
                if (close < 0 || text.substring(i + 2, close).contains("\n\n")) {
                    return lineEnd; // not closed in its paragraph: left as text (MathCheck reports it)
                }
                spans.add(new Span(i, close + 2, text.substring(i + 2, close).strip(), true));
                i = close + 2;
                if (i > lineEnd) {
                    int end = text.indexOf('\n', i);
                    lineEnd = end < 0 ? text.length() : end;
                }
            } else if (c == '$' && i + 1 < lineEnd && !Character.isWhitespace(text.charAt(i + 1))) {
                int close = inlineClose(text, i + 1, lineEnd);
                if (close < 0) {
                    i++;
                    continue;
                }
                spans.add(new Span(i, close + 1, text.substring(i + 1, close), false));
                i = close + 1;
            } else {
                i++;
            }
        }
        return lineEnd;
    }

    private static int inlineClose(String text, int from, int lineEnd) {
        for (int k = from; k < lineEnd; k++) {
            char c = text.charAt(k);
            if (c == '\\') {
                k++;
            } else if (c == '$') {
                boolean hugs = !Character.isWhitespace(text.charAt(k - 1));
                boolean digitAfter = k + 1 < text.length() && Character.isDigit(text.charAt(k + 1));
                return hugs && !digitAfter && k > from ? k : -1;
            }
        }
        return -1;
    }

    /** What is wrong with an expression's TeX that would keep it from rendering, or null: unbalanced braces or environments, \left without \right. */
    public static String problem(String tex) {
        int braces = 0;
        for (int k = 0; k < tex.length(); k++) {
            char c = tex.charAt(k);
            if (c == '\\') {
                k++;
            } else if (c == '{') {
                braces++;
            } else if (c == '}' && --braces < 0) {
                return "a } with no { before it";
            }
        }
        if (braces > 0) {
            return braces + " { not closed";
        }
        Deque<String> open = new ArrayDeque<>();
        Matcher m = BEGIN_END.matcher(tex);
        while (m.find()) {
            if (m.group(1).equals("begin")) {
                open.push(m.group(2));
            } else if (open.isEmpty() || !open.pop().equals(m.group(2))) {
                return "\\end{" + m.group(2) + "} does not close the last \\begin";
            }
        }
        if (!open.isEmpty()) {
            return "\\begin{" + open.peek() + "} not ended";
        }
        int left = count(tex, "\\left");
        int right = count(tex, "\\right");
        return left == right ? null : "\\left and \\right do not pair (" + left + " and " + right + ")";
    }

    private static int count(String tex, String command) {
        int n = 0;
        for (int k = tex.indexOf(command); k >= 0; k = tex.indexOf(command, k + command.length())) {
            int after = k + command.length();
            if (after >= tex.length() || !Character.isLetter(tex.charAt(after))) {
                n++;
            }
        }
        return n;
    }
}
