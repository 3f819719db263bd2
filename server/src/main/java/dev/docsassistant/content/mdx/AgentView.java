package dev.docsassistant.content.mdx;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown a page shows agents: {@code <Visibility for="humans">} blocks are dropped and
 * {@code <Visibility for="agents">} blocks keep their content (the rendered HTML does the opposite).
 * Code blocks are left alone, so a page may show the component in an example.
 */
final class AgentView {
    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})");
    private static final Pattern OPEN = Pattern.compile("<Visibility\\s+for=(?:\"|'|\\{\")(humans|agents)(?:\"|'|\"})\\s*>");
    private static final Pattern ANY_TAG = Pattern.compile("<(/?)Visibility\\b[^>]*>");

    private AgentView() {
    }

    static String of(String mdx) {
        if (!mdx.contains("<Visibility")) {
            return mdx;
        }
        StringBuilder out = new StringBuilder(mdx.length());
        String fence = null;
        // Depth of the Visibility blocks around the current position, and the depth at which a
        // humans-only block started (0 = not inside one).
        int depth = 0;
        int hiddenFrom = 0;
        for (String line : mdx.split("\n", -1)) {
            Matcher f = FENCE.matcher(line);
            if (fence != null) {
                if (f.find() && f.group(1).charAt(0) == fence.charAt(0) && f.group(1).length() >= fence.length()
                        && line.strip().length() == f.group(1).length()) {
                    fence = null;
                }
                if (hiddenFrom == 0) {
                    out.append(line).append('\n');
                }
                continue;
            }
            if (f.find()) {
                fence = f.group(1);
                if (hiddenFrom == 0) {
                    out.append(line).append('\n');
                }
                continue;
            }
            StringBuilder kept = new StringBuilder();
            Matcher tag = ANY_TAG.matcher(line);
            int from = 0;
            while (tag.find()) {
                if (hiddenFrom == 0) {
                    kept.append(line, from, tag.start());
                }
                if (tag.group(1).isEmpty()) {
                    depth++;
                    Matcher open = OPEN.matcher(tag.group());
                    if (hiddenFrom == 0 && open.matches() && open.group(1).equals("humans")) {
                        hiddenFrom = depth;
                    }
                } else if (depth > 0) {
                    if (hiddenFrom == depth) {
                        hiddenFrom = 0;
                    }
                    depth--;
                }
                from = tag.end();
            }
            if (hiddenFrom == 0) {
                kept.append(line.substring(from));
                out.append(kept).append('\n');
            } else if (!kept.isEmpty()) {
                out.append(kept).append('\n');
            }
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }
}
