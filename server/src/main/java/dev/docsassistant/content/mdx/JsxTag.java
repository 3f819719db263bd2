package dev.docsassistant.content.mdx;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One JSX/HTML tag found in MDX text.
 *
 * @param name        the tag name ({@code Card}, {@code div})
 * @param closing     {@code </Name>}
 * @param selfClosing {@code <Name ... />}
 * @param attributes  string attributes ({@code title="x"}, {@code title={"x"}}); bare ones map to "true"
 * @param end         the index just after the tag's {@code >}
 */
public record JsxTag(String name, boolean closing, boolean selfClosing, Map<String, String> attributes, int end) {
    private static final Pattern ATTRIBUTE_NAME = Pattern.compile("[A-Za-z_@:][\\w:.@-]*");
    private static final int MAX_TAG_CHARS = 4000;

    /** Parses the tag starting at {@code text[start] == '<'}, or returns null when it is not a tag. */
    public static JsxTag parse(String text, int start) {
        int i = start + 1;
        boolean closing = false;
        if (i < text.length() && text.charAt(i) == '/') {
            closing = true;
            i++;
        }
        int nameStart = i;
        while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '.'
                || text.charAt(i) == '-' || text.charAt(i) == '_')) {
            i++;
        }
        if (i == nameStart || !Character.isLetter(text.charAt(nameStart))) {
            return null;
        }
        String name = text.substring(nameStart, i);
        Map<String, String> attributes = new LinkedHashMap<>();
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '>') {
                return new JsxTag(name, closing, false, attributes, i + 1);
            }
            if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '>') {
                return new JsxTag(name, closing, true, attributes, i + 2);
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '{') {
                // A spread such as {...props}: skip it.
                int close = skipBraces(text, i);
                if (close < 0) {
                    return null;
                }
                i = close;
                continue;
            }
            int keyStart = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && "=>/{\"'".indexOf(text.charAt(i)) < 0) {
                i++;
            }
            if (i == keyStart) {
                return null;
            }
            String key = text.substring(keyStart, i);
            if (!ATTRIBUTE_NAME.matcher(key).matches() || i - start > MAX_TAG_CHARS) {
                return null; // prose such as "a <b then c" rather than a tag
            }
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i < text.length() && text.charAt(i) == '=') {
                i++;
                while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
                if (i >= text.length()) {
                    return null;
                }
                char q = text.charAt(i);
                if (q == '"' || q == '\'') {
                    int close = text.indexOf(q, i + 1);
                    if (close < 0) {
                        return null;
                    }
                    attributes.put(key, text.substring(i + 1, close));
                    i = close + 1;
                } else if (q == '{') {
                    int close = skipBraces(text, i);
                    if (close < 0) {
                        return null;
                    }
                    String literal = literal(text.substring(i + 1, close - 1).strip());
                    if (literal != null) {
                        attributes.put(key, literal);
                    }
                    i = close;
                } else {
                    int valueStart = i;
                    while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && text.charAt(i) != '>') {
                        i++;
                    }
                    attributes.put(key, text.substring(valueStart, i));
                }
            } else {
                attributes.put(key, "true");
            }
        }
        return null;
    }

    /** The index after the brace block opening at {@code text[open] == '{'}, or -1 if unbalanced. */
    static int skipBraces(String text, int open) {
        int depth = 0;
        char quote = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'' || c == '`') {
                quote = c;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i + 1;
            }
        }
        return -1;
    }

    /** The value of a plain string literal expression ({@code "x"}, {@code 'x'}, {@code `x`}), else null. */
    private static String literal(String expr) {
        if (expr.length() >= 2) {
            char q = expr.charAt(0);
            if ((q == '"' || q == '\'' || q == '`') && expr.charAt(expr.length() - 1) == q
                    && expr.indexOf(q, 1) == expr.length() - 1 && !(q == '`' && expr.contains("${"))) {
                return expr.substring(1, expr.length() - 1);
            }
        }
        if (expr.matches("-?\\d+(\\.\\d+)?|true|false")) {
            return expr;
        }
        if (expr.startsWith("[") && expr.endsWith("]")) {
            // A list of string literals ({["Spearmint", "Peppermint"]}): its items, one a line.
            StringBuilder items = new StringBuilder();
            for (String item : expr.substring(1, expr.length() - 1).split(",")) {
                String value = item.isBlank() ? null : literal(item.strip());
                if (value == null || value.contains("\n") || item.strip().startsWith("[")) {
                    return null;
                }
                items.append(items.isEmpty() ? "" : "\n").append(value);
            }
            return items.toString();
        }
        return null;
    }

    /** The first of these attributes that has a non-blank, non-boolean value, stripped; else null. */
    public String attr(String... keys) {
        for (String key : keys) {
            String v = attributes.get(key);
            if (v != null && !v.isBlank() && !v.equals("true")) {
                return v.strip();
            }
        }
        return null;
    }
}
