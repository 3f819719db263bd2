package dev.docsassistant.render;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The meta of a fenced code block as Mintlify reads it ({@code ```js Title.js icon="js" lines highlight={1,3-5}}):
 * the language first; then options, {@code key=value} (the value bare, in {@code ""}, {@code ''} or
 * {@code {}}), a bare {@code {1,3}} (lines to highlight) or a flag ({@code lines}, {@code wrap},
 * {@code expandable}, {@code nocopy}, {@code twoslash}, also as {@code [expandable]}); every other bare word is part of the title,
 * unless {@code title="…"} gives it.
 *
 * @param language   the language, or empty
 * @param title      the title, or empty
 * @param icon       the icon name, or empty
 * @param lines      show line numbers
 * @param wrap       wrap long lines
 * @param expandable collapse a long block behind a control
 * @param nocopy     no copy button
 * @param highlight  1-based numbers of the lines to highlight
 * @param focus      1-based numbers of the lines to focus on
 */
record CodeFence(String language, String title, String icon, boolean lines, boolean wrap, boolean expandable,
                 boolean nocopy, Set<Integer> highlight, Set<Integer> focus) {
    private static final Set<String> FLAGS = Set.of("lines", "wrap", "expandable", "nocopy", "twoslash");
    /** Line ranges beyond this are ignored: a typo such as {@code 1-99999999} must not fill memory. */
    private static final int MAX_LINE = 100_000;

    static CodeFence parse(String info) {
        List<String> tokens = tokens(info == null ? "" : info.strip());
        String language = tokens.isEmpty() || tokens.get(0).contains("=") || tokens.get(0).startsWith("{") ? "" : tokens.remove(0);
        Map<String, String> options = new java.util.HashMap<>();
        List<String> words = new ArrayList<>();
        boolean nocopy = false;
        if (language.equals("nocopy")) {
            language = "";
            nocopy = true;
        }
        for (String token : tokens) {
            if (token.length() > 2 && token.startsWith("[") && token.endsWith("]")
                    && FLAGS.contains(token.substring(1, token.length() - 1))) {
                token = token.substring(1, token.length() - 1); // the older form, still in use: [expandable]
            }
            int eq = token.indexOf('=');
            if (token.startsWith("{")) {
                options.put("highlight", unquote(token));
            } else if (eq > 0 && token.substring(0, eq).matches("[A-Za-z][\\w-]*")) {
                options.put(token.substring(0, eq), unquote(token.substring(eq + 1)));
            } else if (FLAGS.contains(token)) {
                options.put(token, "true");
            } else {
                words.add(token);
            }
        }
        String title = options.containsKey("title") ? options.get("title") : String.join(" ", words);
        nocopy |= isTrue(options.get("nocopy"));
        return new CodeFence(language, title.strip(), options.getOrDefault("icon", "").strip(), isTrue(options.get("lines")),
                isTrue(options.get("wrap")), isTrue(options.get("expandable")), nocopy,
                lineSet(options.get("highlight")), lineSet(options.get("focus")));
    }

    /** Words split at spaces outside quotes and braces. */
    private static List<String> tokens(String info) {
        List<String> tokens = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        int braces = 0;
        for (int i = 0; i < info.length(); i++) {
            char c = info.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '{') {
                braces++;
            } else if (c == '}' && braces > 0) {
                braces--;
            } else if (Character.isWhitespace(c) && braces == 0) {
                if (!current.isEmpty()) {
                    tokens.add(current.toString());
                    current.setLength(0);
                }
                continue;
            }
            current.append(c);
        }
        if (!current.isEmpty()) {
            tokens.add(current.toString());
        }
        return tokens;
    }

    private static String unquote(String value) {
        String v = value.strip();
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'")
                || v.startsWith("{") && v.endsWith("}"))) {
            v = v.substring(1, v.length() - 1).strip();
        }
        return v;
    }

    private static boolean isTrue(String value) {
        return value != null && !value.equalsIgnoreCase("false");
    }

    /** {@code 1,3-5} (or {@code [1,3,4]}, as the component takes it) to {1, 3, 4, 5}. */
    private static Set<Integer> lineSet(String spec) {
        if (spec == null || spec.isBlank()) {
            return Set.of();
        }
        Set<Integer> out = new TreeSet<>();
        for (String part : spec.replaceAll("[\\[\\]{}\"']", "").split(",")) {
            String[] range = part.strip().split("-", 2);
            try {
                int from = Integer.parseInt(range[0].strip());
                int to = range.length == 2 ? Integer.parseInt(range[1].strip()) : from;
                for (int n = Math.max(1, from); n <= Math.min(to, MAX_LINE); n++) {
                    out.add(n);
                }
            } catch (NumberFormatException e) {
                // Not a line number: nothing to mark.
            }
        }
        return Collections.unmodifiableSet(out);
    }
}
