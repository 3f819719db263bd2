package dev.docsassistant.content.mdx;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decodes HTML character references in Markdown prose ({@code &#x7B;}, {@code &quot;}, {@code &nbsp;}),
 * which generated pages use heavily. {@code <}, {@code >} and {@code &} stay encoded: decoded, they
 * would change what the Markdown means.
 */
final class HtmlEntities {
    private static final Pattern ENTITY = Pattern.compile("&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});");
    private static final Map<String, String> NAMED = Map.ofEntries(
            Map.entry("quot", "\""), Map.entry("apos", "'"), Map.entry("nbsp", " "), Map.entry("ndash", "–"),
            Map.entry("mdash", "—"), Map.entry("hellip", "…"), Map.entry("copy", "©"), Map.entry("reg", "®"),
            Map.entry("trade", "™"), Map.entry("rarr", "→"), Map.entry("larr", "←"), Map.entry("times", "×"),
            Map.entry("middot", "·"), Map.entry("laquo", "«"), Map.entry("raquo", "»"), Map.entry("lsquo", "‘"),
            Map.entry("rsquo", "’"), Map.entry("ldquo", "“"), Map.entry("rdquo", "”"));

    private HtmlEntities() {
    }

    static String decode(String text) {
        if (text.indexOf('&') < 0) {
            return text;
        }
        Matcher m = ENTITY.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(replacement(m.group(0), m.group(1))));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String replacement(String whole, String name) {
        int cp;
        if (name.startsWith("#x") || name.startsWith("#X")) {
            cp = Integer.parseInt(name.substring(2), 16);
        } else if (name.startsWith("#")) {
            cp = Integer.parseInt(name.substring(1));
        } else {
            return NAMED.getOrDefault(name, whole);
        }
        if (cp == '<' || cp == '>' || cp == '&' || cp == 0 || !Character.isValidCodePoint(cp)
                || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return cp == '<' ? "&lt;" : cp == '>' ? "&gt;" : cp == '&' ? "&amp;" : whole;
        }
        return cp == 0xA0 ? " " : new String(Character.toChars(cp));
    }
}
