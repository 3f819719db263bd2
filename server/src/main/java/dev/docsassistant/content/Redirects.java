package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code redirects} of a docs.json: {@code source} patterns with {@code :name} parameters and a
 * {@code :name*} rest, {@code destination} with the same names; permanent (308) unless
 * {@code permanent: false} (307).
 *
 * <p>A destination is a path on the site or an absolute http(s) URL written in docs.json; any other
 * (a scheme such as {@code data:}, {@code //host}, a backslash, a relative path) is a load-time
 * problem and its rule is left out. Parameters are substituted only after the scheme and host, and
 * percent-encoded, so a request cannot bring a backslash, a control character or a second leading
 * slash into {@code Location}; a rule that would send a path to itself does not apply.
 */
public final class Redirects {
    private static final Pattern PARAM = Pattern.compile(":([A-Za-z_]\\w*)(\\*)?");

    /**
     * @param origin      {@code https://host} of an absolute destination, "" for a path on the site
     * @param destination the path (with query and fragment) that parameters are substituted in
     */
    private record Rule(Pattern source, List<String> names, String origin, String destination, boolean permanent) {
    }

    /**
     * Where to send the browser and with which status.
     *
     * @param location a path on the site (starting with one {@code /}) or an absolute http(s) URL
     * @param sameSite whether {@code location} is a path on the site
     */
    public record Target(String location, int status, boolean sameSite) {
    }

    private final List<Rule> rules;

    private Redirects(List<Rule> rules) {
        this.rules = rules;
    }

    /** The rules of a docs.json {@code redirects} array; each one left out is reported to {@code problems}. */
    public static Redirects read(JsonNode redirects, List<SiteProblem> problems) {
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < redirects.size(); i++) {
            JsonNode r = redirects.get(i);
            String pointer = "/redirects/" + i;
            String source = r.path("source").asText("");
            String destination = r.path("destination").asText("");
            if (source.isBlank() || destination.isBlank()) {
                problems.add(new SiteProblem("docs.json", pointer, "a redirect needs a source and a destination; left out"));
                continue;
            }
            Optional<String> checked = SafeUrl.link(destination);
            String origin = checked.filter(SafeUrl::isAbsoluteHttp).map(Redirects::origin).orElse("");
            if (checked.isEmpty() || (origin.isEmpty() && (!checked.get().startsWith("/") || checked.get().startsWith("//")))) {
                problems.add(new SiteProblem("docs.json", pointer + "/destination", "'" + printable(destination)
                        + "' is neither a path on the site (/…) nor an http(s) URL; redirect left out"));
                continue;
            }
            List<String> names = new ArrayList<>();
            StringBuilder regex = new StringBuilder("^");
            String pattern = trim(source);
            Matcher m = PARAM.matcher(pattern);
            int last = 0;
            while (m.find()) {
                regex.append(Pattern.quote(pattern.substring(last, m.start())));
                names.add(m.group(1));
                regex.append(m.group(2) != null ? "(.*)" : "([^/]+)");
                last = m.end();
            }
            regex.append(Pattern.quote(pattern.substring(last))).append("/?$");
            if (names.isEmpty() && origin.isEmpty() && trim(checked.get()).equals(pattern)) {
                problems.add(new SiteProblem("docs.json", pointer, "'" + printable(source) + "' redirects to itself; left out"));
                continue;
            }
            rules.add(new Rule(Pattern.compile(regex.toString()), names, origin,
                    checked.get().substring(origin.length()), r.path("permanent").asBoolean(true)));
        }
        return new Redirects(List.copyOf(rules));
    }

    /** The redirect for a request path ({@code /old/page}, percent-decoded), if one matches. */
    public Optional<Target> match(String path) {
        String p = trim(path);
        for (Rule rule : rules) {
            Matcher m = rule.source().matcher(p);
            if (!m.matches()) {
                continue;
            }
            String plain = substitute(rule, m, false);
            if (rule.origin().isEmpty() && trim(withoutQuery(plain)).equals(p)) {
                continue; // it would send the browser back here, forever
            }
            String location = substitute(rule, m, true);
            if (rule.origin().isEmpty()) {
                location = location.replaceFirst("^/{2,}", "/"); // "//host" would leave the site
            }
            return Optional.of(new Target(rule.origin() + location, rule.permanent() ? 308 : 307, rule.origin().isEmpty()));
        }
        return Optional.empty();
    }

    private static String substitute(Rule rule, Matcher source, boolean encode) {
        Matcher d = PARAM.matcher(rule.destination());
        StringBuilder out = new StringBuilder();
        while (d.find()) {
            int index = rule.names().indexOf(d.group(1));
            String value = index < 0 ? d.group() : source.group(index + 1);
            d.appendReplacement(out, Matcher.quoteReplacement(encode && index >= 0 ? encodePath(value) : value));
        }
        d.appendTail(out);
        return out.toString();
    }

    /** Percent-encodes all but the characters a path may hold literally (RFC 3986 pchar and {@code /}). */
    static String encodePath(String value) {
        StringBuilder s = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0) {
                s.append((char) c);
            } else {
                s.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return s.toString();
    }

    /** {@code https://host[:port]} of an absolute URL. */
    private static String origin(String url) {
        int start = url.indexOf("//") + 2;
        int end = start;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        return url.substring(0, end);
    }

    private static String withoutQuery(String path) {
        int cut = path.length();
        for (char c : new char[] {'?', '#'}) {
            int i = path.indexOf(c);
            cut = i >= 0 ? Math.min(cut, i) : cut;
        }
        return path.substring(0, cut);
    }

    private static String printable(String s) {
        return s.codePoints().mapToObj(c -> c < ' ' || c == 0x7f ? String.format("\\u%04x", c) : Character.toString(c))
                .reduce("", String::concat);
    }

    private static String trim(String path) {
        String p = path.strip();
        if (!p.startsWith("/")) {
            p = "/" + p;
        }
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}
