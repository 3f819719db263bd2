package dev.docsassistant.render;

import dev.docsassistant.integrations.spi.HtmlEncoder;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A code block's text as HTML, one {@code <span class="line">} per line when its options mark lines
 * ({@code lines}, {@code highlight}, {@code focus}, or Mintlify's {@code [!code ++]} / {@code [!code --]}
 * diff comments, which are taken out of the code): the classes let the site's stylesheet number,
 * highlight, dim and colour lines without script. Other blocks stay plain text.
 */
final class CodeLines {
    /** {@code // [!code ++]}, {@code # [!code --:3]}, {@code <!-- [!code ++] -->}, {@code /* … *}{@code /}, {@code -- …} at a line's end. */
    private static final Pattern DIFF = Pattern.compile("\\s*(?://|#|<!--|/\\*|--)\\s*\\[!code (\\+\\+|--)(?::(\\d{1,4}))?]\\s*(?:-->|\\*/)?\\s*$");

    private CodeLines() {
    }

    static String html(String code, CodeFence fence) {
        boolean diff = code.contains("[!code ");
        if (!fence.lines() && fence.highlight().isEmpty() && fence.focus().isEmpty() && !diff) {
            return HtmlEncoder.attr(code);
        }
        String[] lines = code.endsWith("\n") ? code.substring(0, code.length() - 1).split("\n", -1) : code.split("\n", -1);
        String[] marks = new String[lines.length];
        for (int i = 0; i < lines.length; i++) {
            Matcher m = diff ? DIFF.matcher(lines[i]) : null;
            if (m != null && m.find()) {
                lines[i] = lines[i].substring(0, m.start());
                String mark = m.group(1).equals("++") ? "added" : "removed";
                int count = m.group(2) == null ? 1 : Math.max(1, Integer.parseInt(m.group(2)));
                for (int k = i; k < Math.min(lines.length, i + count); k++) {
                    marks[k] = mark;
                }
            }
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            int n = i + 1;
            s.append("<span class=\"line");
            if (fence.highlight().contains(n)) {
                s.append(" highlighted");
            }
            if (!fence.focus().isEmpty()) {
                s.append(fence.focus().contains(n) ? " focused" : " unfocused");
            }
            if (marks[i] != null) {
                s.append(' ').append(marks[i]);
            }
            s.append("\">").append(HtmlEncoder.attr(lines[i])).append("\n</span>");
        }
        return s.toString();
    }
}
