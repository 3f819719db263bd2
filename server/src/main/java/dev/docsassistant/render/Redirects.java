package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code redirects} of a docs.json: {@code source} patterns with {@code :name} parameters and a
 * {@code :name*} rest, {@code destination} with the same names; permanent (308) unless
 * {@code permanent: false} (307).
 */
final class Redirects {
    private static final Pattern PARAM = Pattern.compile(":([A-Za-z_]\\w*)(\\*)?");

    private record Rule(Pattern source, List<String> names, String destination, boolean permanent) {
    }

    /** Where to send the browser and with which status. */
    record Target(String location, int status) {
    }

    private final List<Rule> rules = new ArrayList<>();

    Redirects(JsonNode redirects) {
        for (JsonNode r : redirects) {
            String source = r.path("source").asText("");
            String destination = r.path("destination").asText("");
            if (source.isBlank() || destination.isBlank()) {
                continue;
            }
            List<String> names = new ArrayList<>();
            StringBuilder regex = new StringBuilder("^");
            Matcher m = PARAM.matcher(trim(source));
            int last = 0;
            while (m.find()) {
                regex.append(Pattern.quote(trim(source).substring(last, m.start())));
                names.add(m.group(1));
                regex.append(m.group(2) != null ? "(.*)" : "([^/]+)");
                last = m.end();
            }
            regex.append(Pattern.quote(trim(source).substring(last))).append("/?$");
            rules.add(new Rule(Pattern.compile(regex.toString()), names, destination,
                    r.path("permanent").asBoolean(true)));
        }
    }

    /** The redirect for a request path ({@code /old/page}), if one matches. */
    Optional<Target> match(String path) {
        String p = trim(path);
        for (Rule rule : rules) {
            Matcher m = rule.source().matcher(p);
            if (m.matches()) {
                Map<String, String> values = new HashMap<>();
                for (int i = 0; i < rule.names().size(); i++) {
                    values.put(rule.names().get(i), m.group(i + 1));
                }
                Matcher d = PARAM.matcher(rule.destination());
                StringBuilder out = new StringBuilder();
                while (d.find()) {
                    d.appendReplacement(out, Matcher.quoteReplacement(values.getOrDefault(d.group(1), "")));
                }
                d.appendTail(out);
                return Optional.of(new Target(out.toString(), rule.permanent() ? 308 : 307));
            }
        }
        return Optional.empty();
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
