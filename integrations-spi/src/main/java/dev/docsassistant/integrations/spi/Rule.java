package dev.docsassistant.integrations.spi;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A declarative rule on a string field. The same declaration validates values, generates the JSON
 * Schema and writes the plugin reference, so the three cannot disagree.
 *
 * @param code     stable code reported with a violation ({@code starts-with}, {@code https-url}, ...)
 * @param message  what a violation reports, e.g. {@code Must start with G}
 * @param summary  the rule in the reference, e.g. {@code starts with "G"}
 * @param stricter true when the rule is stricter than Mintlify's validator (listed as such in the reference)
 * @param test     accepts a valid value
 * @param schema   JSON Schema keywords expressing the rule, where it can be expressed ({@code pattern}, {@code minLength}, ...)
 */
public record Rule(String code, String message, String summary, boolean stricter, Predicate<String> test,
                   Map<String, Object> schema) {
    private static final Pattern HOST = Pattern.compile(
            "(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::[0-9]{1,5})?");
    private static final String HOST_REGEX = HOST.pattern();

    public Rule {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(test, "test");
        schema = Collections.unmodifiableMap(new TreeMap<>(schema)); // sorted: the generated schema is stable
    }

    /** Whether a value passes. */
    public boolean accepts(String value) {
        return test.test(value);
    }

    /** The value starts with a prefix ({@code Must start with G}). */
    public static Rule startsWith(String prefix, String message) {
        return new Rule("starts-with", message, "starts with `" + prefix + "`", false, v -> v.startsWith(prefix),
                Map.of("pattern", "^" + prefix.replaceAll("[\\\\^$.|?*+()\\[\\]{}]", "\\\\$0")));
    }

    /** The value does not start with a prefix (Plausible's {@code Must not start with https://}). */
    public static Rule notStartsWith(String prefix, String message) {
        return new Rule("not-starts-with", message, "does not start with `" + prefix + "`", false,
                v -> !v.startsWith(prefix), Map.of());
    }

    /** At least {@code n} characters. */
    public static Rule minLength(int n, String message) {
        return new Rule("min-length", message, "at least " + n + " characters", false, v -> v.length() >= n,
                Map.of("minLength", n));
    }

    /** Not empty (Mintlify accepts the empty string; an empty id only produces a broken snippet). */
    public static Rule nonEmpty() {
        return new Rule("empty", "Must not be empty", "not empty", true, v -> !v.isEmpty(), Map.of("minLength", 1));
    }

    /** A URL Mintlify's {@code .url()} accepts: anything with a scheme and a rest. */
    public static Rule url(String message) {
        return new Rule("url", message, "a URL", false, Rule::parsesAsUrl, Map.of("format", "uri"));
    }

    /** An absolute {@code https:} URL with a host name; stricter than Mintlify, which accepts any scheme. */
    public static Rule httpsUrl(String message, boolean stricter) {
        return new Rule("https-url", message, "an `https://` URL with a host name", stricter, Rule::isHttpsUrl,
                Map.of("format", "uri", "pattern", "^https://"));
    }

    /** A bare host name, optionally with a port: no scheme, path, query or spaces. */
    public static Rule hostName() {
        return new Rule("host-name", "Must be a host name such as example.com, without https:// or a path",
                "a bare host name (`example.com`), no scheme or path", true, v -> HOST.matcher(v).matches(),
                Map.of("pattern", "^" + HOST_REGEX + "$"));
    }

    /** One or more bare host names separated by commas (Plausible sends to several sites that way). */
    public static Rule hostNames() {
        return new Rule("host-name", "Must be host names such as example.com, separated by commas, without https:// or a path",
                "bare host names (`example.com`), comma-separated", true,
                v -> !v.isEmpty() && java.util.Arrays.stream(v.split(",", -1)).allMatch(h -> HOST.matcher(h).matches()),
                Map.of("pattern", "^" + HOST_REGEX + "(," + HOST_REGEX + ")*$"));
    }

    /** At most {@code n} characters. */
    public static Rule maxLength(int n, boolean stricter) {
        return new Rule("max-length", "Must have at most " + n + " characters", "at most " + n + " characters", stricter,
                v -> v.length() <= n, Map.of("maxLength", n));
    }

    /** Only ASCII digits. */
    public static Rule digits() {
        return new Rule("digits", "Must contain only digits", "digits only", true, v -> v.matches("[0-9]+"),
                Map.of("pattern", "^[0-9]+$"));
    }

    /**
     * Only the characters a vendor issues in its identifiers: letters, digits, {@code -}, {@code _}
     * and any extra characters given (logrocket's {@code /}).
     */
    public static Rule identifier(String extraChars) {
        if (!extraChars.matches("[./:]*")) {
            throw new IllegalArgumentException("extra identifier characters may only be . / :");
        }
        String cls = "[A-Za-z0-9_" + extraChars + "-]";
        Pattern p = Pattern.compile(cls + "*");
        String allowed = "letters, digits, -, _" + (extraChars.isEmpty() ? "" : ", " + String.join(", ",
                extraChars.chars().mapToObj(c -> String.valueOf((char) c)).toList()));
        return new Rule("identifier", "Must contain only " + allowed, "only " + allowed, true,
                v -> p.matcher(v).matches(), Map.of("pattern", "^" + cls + "*$"));
    }

    /** One of a fixed set of values. */
    public static Rule oneOf(String... values) {
        List<String> list = List.of(values);
        String quoted = String.join(" | ", list.stream().map(v -> "'" + v + "'").toList());
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("enum", list);
        return new Rule("enum", "Invalid enum value. Expected " + quoted, "one of " + String.join(", ",
                Arrays.stream(values).map(v -> "`" + v + "`").toList()), false, list::contains, schema);
    }

    /** No (non-empty) query string or fragment, as WHATWG URL parsing sees them (Segment's {@code cdnUrl}). */
    public static Rule noQueryOrFragment(String message) {
        return new Rule("query-or-fragment", message, "no query or fragment", false, v -> {
            int hash = v.indexOf('#');
            String beforeHash = hash < 0 ? v : v.substring(0, hash);
            int query = beforeHash.indexOf('?');
            return (hash < 0 || hash == v.length() - 1) && (query < 0 || query == beforeHash.length() - 1);
        }, Map.of());
    }

    /** A rule written by the plugin itself. */
    public static Rule custom(String code, String message, String summary, boolean stricter, Predicate<String> test) {
        return new Rule(code, message, summary, stricter, test, Map.of());
    }

    static boolean parsesAsUrl(String v) {
        // WHATWG URL parsing, as far as it matters here: a scheme, a colon, then something.
        return v.matches("[A-Za-z][A-Za-z0-9+.\\-]*:\\S.*") || v.matches("[A-Za-z][A-Za-z0-9+.\\-]*:");
    }

    static boolean isHttpsUrl(String v) {
        if (!v.startsWith("https://")) {
            return false;
        }
        String rest = v.substring("https://".length());
        int end = rest.length();
        for (char c : new char[]{'/', '?', '#'}) {
            int i = rest.indexOf(c);
            if (i >= 0) {
                end = Math.min(end, i);
            }
        }
        String host = rest.substring(0, end);
        if (!HOST.matcher(host).matches() || rest.chars().anyMatch(c -> c <= ' ' || c == '"' || c == '<'
                || c == '>' || c == '\\' || c == '`' || c == 0x7f || c == 0x2028 || c == 0x2029)) {
            return false;
        }
        try {
            java.net.URI.create(v); // what renders it must be able to parse it
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
