package dev.docsassistant.assistant;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Splits Markdown into quotable blocks: headings, paragraphs, and whole tables, lists and code
 * blocks. A table, list or code block is one block because a part of it misleads: a table's rows
 * without the rest of the schedule, the first steps of a procedure without the last.
 */
final class MarkdownBlocks {
    private static final Pattern LIST_ITEM = Pattern.compile("([-*+]|\\d+[.)])\\s.*");

    private MarkdownBlocks() {
    }

    static List<String> split(String markdown) {
        List<String> blocks = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        Kind kind = Kind.PARAGRAPH;
        String fence = null;
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String t = line.strip();
            if (fence != null) {
                current.append(line).append('\n');
                if (t.startsWith(fence)) {
                    flush(blocks, current);
                    fence = null;
                    kind = Kind.PARAGRAPH;
                }
                continue;
            }
            if (t.startsWith("```") || t.startsWith("~~~")) {
                flush(blocks, current);
                fence = t.substring(0, 3);
                current.append(line).append('\n');
                continue;
            }
            Kind k = t.isEmpty() ? null
                    : t.startsWith("#") ? Kind.HEADING
                    : t.startsWith("|") ? Kind.TABLE
                    : LIST_ITEM.matcher(t).matches() ? Kind.LIST
                    : kind == Kind.LIST && line.startsWith(" ") ? Kind.LIST // an item's continuation
                    : Kind.PARAGRAPH;
            if (k == null) {
                // A blank line ends a block, except between the items of one list.
                if (kind != Kind.LIST || !continuesList(lines, i)) {
                    flush(blocks, current);
                    kind = Kind.PARAGRAPH;
                } else {
                    current.append('\n');
                }
                continue;
            }
            if (k != kind || k == Kind.HEADING) {
                flush(blocks, current);
            }
            current.append(k == Kind.TABLE ? t : line).append('\n');
            kind = k;
        }
        flush(blocks, current);
        return blocks;
    }

    private enum Kind { HEADING, PARAGRAPH, TABLE, LIST }

    /** Whether the next non-blank line after {@code blank} is another item or an indented continuation. */
    private static boolean continuesList(String[] lines, int blank) {
        for (int j = blank + 1; j < lines.length; j++) {
            if (!lines[j].isBlank()) {
                return LIST_ITEM.matcher(lines[j].strip()).matches() || lines[j].startsWith(" ");
            }
        }
        return false;
    }

    static boolean isHeading(String block) {
        return block.startsWith("#");
    }

    /** Prose: not a heading, table, list or code block. */
    static boolean isParagraph(String block) {
        return !isHeading(block) && !block.startsWith("|") && !block.startsWith("```") && !block.startsWith("~~~")
                && !LIST_ITEM.matcher(block).lookingAt();
    }

    /** A block that announces what follows it ("… carries a header:") and says nothing by itself. */
    static boolean announces(String block) {
        return !block.startsWith("```") && !block.startsWith("~~~") && block.strip().endsWith(":");
    }

    private static void flush(List<String> blocks, StringBuilder current) {
        String b = current.toString().strip();
        if (!b.isEmpty()) {
            blocks.add(b);
        }
        current.setLength(0);
    }
}
