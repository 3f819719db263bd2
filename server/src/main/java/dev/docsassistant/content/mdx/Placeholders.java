package dev.docsassistant.content.mdx;

import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Values written into MDX before it is read: docs.json {@code variables} as {@code {{name}}} in
 * prose (code shows them as written: pages document the syntax there), and a snippet's props as
 * {@code {name}}, in prose and code alike, as Mintlify interpolates them.
 */
public final class Placeholders {
    private static final Pattern VARIABLE = Pattern.compile("\\{\\{\\s*([A-Za-z0-9][A-Za-z0-9_-]*)\\s*}}");
    private static final Pattern PROP = Pattern.compile("(?<!\\{)\\{([A-Za-z_$][\\w$]*)}(?!})");
    /** Fenced blocks and inline code spans, where {@code {{name}}} stays as written. */
    private static final Pattern CODE = Pattern.compile("(?ms)^[ \\t]*(`{3,}|~{3,}).*?^[ \\t]*\\1[`~]*[ \\t]*$|`[^`\\n]+`");

    private Placeholders() {
    }

    /** {@code {{name}}} outside code replaced by its value; each undefined name is passed to {@code undefined} and left as written. */
    public static String variables(String mdx, Map<String, String> values, Consumer<String> undefined) {
        if (!mdx.contains("{{")) {
            return mdx;
        }
        StringBuilder out = new StringBuilder(mdx.length());
        Matcher code = CODE.matcher(mdx);
        int from = 0;
        while (code.find()) {
            out.append(replaceVariables(mdx.substring(from, code.start()), values, undefined)).append(code.group());
            from = code.end();
        }
        return out.append(replaceVariables(mdx.substring(from), values, undefined)).toString();
    }

    private static String replaceVariables(String text, Map<String, String> values, Consumer<String> undefined) {
        return VARIABLE.matcher(text).replaceAll(m -> {
            String value = values.get(m.group(1));
            if (value == null) {
                undefined.accept(m.group(1));
                return Matcher.quoteReplacement(m.group());
            }
            return Matcher.quoteReplacement(value);
        });
    }

    /** The names of a snippet's {@code {prop}}s in its prose (not code) that its tag does not pass ({@code children} aside). */
    static java.util.Set<String> missingProps(String snippet, Map<String, String> passed) {
        java.util.Set<String> missing = new java.util.LinkedHashSet<>();
        Matcher m = PROP.matcher(CODE.matcher(snippet).replaceAll(""));
        while (m.find()) {
            if (!passed.containsKey(m.group(1)) && !m.group(1).equals("children")) {
                missing.add(m.group(1));
            }
        }
        return missing;
    }

    /** A snippet's {@code {prop}} replaced by the value its tag passes; others ({@code {children}}, code's braces) stay as written. */
    static String props(String snippet, Map<String, String> passed) {
        return PROP.matcher(snippet).replaceAll(m -> Matcher.quoteReplacement(passed.getOrDefault(m.group(1), m.group())));
    }
}
