package dev.docsassistant.assistant;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits Markdown into quotable blocks: paragraphs, list items, whole code blocks, and table rows
 * (each under its table's header, so a quoted row still says what its cells mean).
 */
final class MarkdownBlocks {
    private MarkdownBlocks() {
    }

    static List<String> split(String markdown) {
        List<String> blocks = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        String fence = null;
        String tableHeader = null;
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String t = line.strip();
            if (t.startsWith("|") && fence == null) {
                flush(blocks, current);
                if (tableHeader == null && i + 1 < lines.length && lines[i + 1].strip().matches("\\|[\\s|:-]+\\|?")) {
                    tableHeader = t + "\n" + lines[i + 1].strip();
                    i++;
                } else if (tableHeader != null) {
                    blocks.add(tableHeader + "\n" + t);
                } else {
                    blocks.add(t);
                }
                continue;
            }
            tableHeader = null;
            if (fence != null) {
                current.append(line).append('\n');
                if (t.startsWith(fence)) {
                    flush(blocks, current);
                    fence = null;
                }
                continue;
            }
            if (t.startsWith("```") || t.startsWith("~~~")) {
                flush(blocks, current);
                fence = t.substring(0, 3);
                current.append(line).append('\n');
                continue;
            }
            boolean item = t.matches("([-*+]|\\d+[.)])\\s.*") || t.startsWith("#");
            if (t.isEmpty() || item) {
                flush(blocks, current);
            }
            if (!t.isEmpty()) {
                current.append(line).append('\n');
            }
            if (item) {
                flush(blocks, current);
            }
        }
        flush(blocks, current);
        return blocks;
    }

    /**
     * Joins blocks that are rows of the same table (the same header) into one table, so quoting three
     * rows shows one header over them rather than three one-row tables.
     */
    static List<String> joinTableRows(List<String> blocks) {
        List<String> out = new ArrayList<>();
        String header = null;
        for (String block : blocks) {
            String h = tableHeader(block);
            if (h != null && h.equals(header)) {
                out.set(out.size() - 1, out.get(out.size() - 1) + block.substring(h.length()));
            } else {
                out.add(block);
            }
            header = h;
        }
        return out;
    }

    /** A table-row block's first two lines (header and delimiter), or null for any other block. */
    private static String tableHeader(String block) {
        if (!block.startsWith("|")) {
            return null;
        }
        int first = block.indexOf('\n');
        int second = first < 0 ? -1 : block.indexOf('\n', first + 1);
        return second < 0 ? null : block.substring(0, second);
    }

    static boolean isHeading(String block) {
        return block.startsWith("#");
    }

    private static void flush(List<String> blocks, StringBuilder current) {
        String b = current.toString().strip();
        if (!b.isEmpty()) {
            blocks.add(b);
        }
        current.setLength(0);
    }
}
