package dev.docsassistant.content.mdx;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reports, at their line and column, math and Mermaid diagrams that would not render: TeX with
 * unbalanced braces or environments ({@link MathSpans#problem}), a diagram that does not start with
 * a diagram type or a flowchart whose brackets do not pair. The page shows their source either way; the browser
 * draws them (Mermaid's and Temml's own parsers then show any other error in the page).
 */
public final class DiagramCheck {
    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})\\s*(\\S*)");
    /** The diagram types Mermaid 11–12 knows, as a diagram's first word. */
    public static final Set<String> MERMAID_TYPES = Set.of("graph", "flowchart", "flowchart-elk", "sequenceDiagram",
            "classDiagram", "classDiagram-v2", "stateDiagram", "stateDiagram-v2", "erDiagram", "journey", "gantt", "pie",
            "quadrantChart", "requirementDiagram", "gitGraph", "C4Context", "C4Container", "C4Component", "C4Dynamic",
            "C4Deployment", "mindmap", "timeline", "zenuml", "sankey-beta", "sankey", "xychart-beta", "xychart", "block-beta",
            "block", "packet-beta", "packet", "kanban", "architecture-beta", "architecture", "radar-beta", "treemap-beta",
            "treemap", "info");

    private DiagramCheck() {
    }

    /** @param math whether {@code $…$} is math on this site */
    public static void check(String body, int firstLine, boolean math, FrontMatter.Problems problems) {
        for (MathSpans.Span span : math ? MathSpans.find(body) : java.util.List.<MathSpans.Span>of()) {
            String problem = MathSpans.problem(span.tex());
            if (problem != null) {
                problems.atOffset(body, firstLine, span.start(), "math " + (span.display() ? "$$…$$" : "$…$") + " cannot be rendered: " + problem
                        + "; its TeX is shown as written");
            }
        }
        String[] lines = body.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher fence = FENCE.matcher(lines[i]);
            if (!fence.find()) {
                continue;
            }
            String marker = fence.group(1);
            int close = i + 1;
            while (close < lines.length && !lines[close].strip().startsWith(marker)) {
                close++;
            }
            if (fence.group(2).equalsIgnoreCase("mermaid")) {
                mermaid(lines, i, close, firstLine, problems);
            }
            i = close;
        }
    }

    private static void mermaid(String[] lines, int open, int close, int firstLine, FrontMatter.Problems problems) {
        boolean typed = false;
        boolean shaped = false;
        int depth = 0;
        int start = open + 1;
        while (start < close && start < lines.length && lines[start].isBlank()) {
            start++;
        }
        if (start < close && start < lines.length && lines[start].strip().equals("---")) {
            // Mermaid's own front matter (---, config:/title:, ---) comes before the diagram type.
            int end = start + 1;
            while (end < close && end < lines.length && !lines[end].strip().equals("---")) {
                end++;
            }
            start = end + 1;
        }
        for (int k = start; k < close && k < lines.length; k++) {
            String line = lines[k].strip();
            if (line.isEmpty() || line.startsWith("%%")) {
                continue;
            }
            if (!typed) {
                String first = line.split("[\\s;]", 2)[0];
                if (!MERMAID_TYPES.contains(first)) {
                    problems.at(firstLine + k, 1, "Mermaid diagram starts with \"" + first
                            + "\", not a diagram type (flowchart, sequenceDiagram, …); its source is shown as written");
                    return;
                }
                typed = true;
                // Brackets shape a flowchart's nodes; elsewhere they are text or arrows (a sequence's --) is async).
                shaped = first.equals("graph") || first.startsWith("flowchart");
                continue;
            }
            if (!shaped) {
                continue;
            }
            String unquoted = line.replaceAll("\"[^\"]*\"", "\"\"");
            for (char c : unquoted.toCharArray()) {
                depth += c == '[' || c == '(' || c == '{' ? 1 : c == ']' || c == ')' || c == '}' ? -1 : 0;
            }
            if (depth != 0) {
                problems.at(firstLine + k, 1, "Mermaid diagram line has brackets that do not pair: " + line
                        + "; its source is shown as written");
                return;
            }
        }
    }
}
