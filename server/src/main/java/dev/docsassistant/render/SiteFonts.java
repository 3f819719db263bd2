package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.content.SafeUrl;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * docs.json {@code fonts} (Mintlify's {@code customize/fonts}): one family for the whole site or a
 * {@code heading} and a {@code body} one, each with an optional {@code weight} and a {@code source}
 * (a file of the site, or an https URL whose host the page's {@code font-src} then allows) in
 * {@code format} woff or woff2. A family without a source is named as it is, ahead of the default
 * stack: the reader's own copy is used where installed (pages fetch nothing from Google Fonts).
 *
 * @param css   the rules for the page's head, or empty
 * @param hosts the origins of external font files, for {@code font-src}
 */
record SiteFonts(String css, List<String> hosts) {
    static final SiteFonts NONE = new SiteFonts("", List.of());
    private static final String BODY_STACK = "ui-sans-serif, system-ui, -apple-system, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, sans-serif";

    static SiteFonts of(JsonNode docs) {
        return of(docs, new LinkResolver(""));
    }

    /** @param links where the site is served: a font file of the site is linked under it */
    static SiteFonts of(JsonNode docs, LinkResolver links) {
        JsonNode fonts = docs.path("fonts");
        if (!fonts.isObject()) {
            return NONE;
        }
        JsonNode body = fonts.has("body") ? fonts.path("body") : fonts;
        JsonNode heading = fonts.has("heading") ? fonts.path("heading") : fonts;
        StringBuilder css = new StringBuilder();
        Set<String> hosts = new LinkedHashSet<>();
        String bodyFamily = face(body, css, hosts, links);
        String headingFamily = face(heading, css, hosts, links);
        if (bodyFamily != null) {
            css.append("body{font-family:").append(bodyFamily).append(',').append(BODY_STACK).append('}');
        }
        if (headingFamily != null) {
            css.append("h1,h2,h3,h4,h5,h6{font-family:").append(headingFamily).append(',').append(BODY_STACK).append(weight(heading, ";font-weight:")).append('}');
        }
        return css.isEmpty() ? NONE : new SiteFonts(css.toString(), List.copyOf(hosts));
    }

    /** The face's {@code @font-face} rule when it has a source; its quoted family name, or null without one. */
    private static String face(JsonNode font, StringBuilder css, Set<String> hosts, LinkResolver links) {
        String family = font.path("family").asText("").replaceAll("[^A-Za-z0-9 _-]", "").strip();
        if (family.isEmpty()) {
            return null;
        }
        String quoted = "\"" + family + "\"";
        String source = font.path("source").asText("");
        // Only characters a URL needs: nothing that could end the url() or the rule.
        String url = SafeUrl.link(source).filter(u -> u.matches("[A-Za-z0-9._~:/?#=&%+-]+"))
                .filter(u -> u.startsWith("/") || u.startsWith("https://")).orElse(null);
        if (url != null) {
            String format = font.path("format").asText("").equals("woff") ? "woff" : "woff2";
            String rule = "@font-face{font-family:" + quoted + ";src:url(\"" + (url.startsWith("/") ? links.src(url) : url) + "\") format(\"" + format + "\")"
                    + weight(font, ";font-weight:") + ";font-display:swap}";
            if (css.indexOf(rule) < 0) {
                css.append(rule);
            }
            if (url.startsWith("https://")) {
                int slash = url.indexOf('/', "https://".length());
                hosts.add(slash < 0 ? url : url.substring(0, slash));
            }
        }
        return quoted;
    }

    private static String weight(JsonNode font, String prefix) {
        JsonNode w = font.path("weight");
        return w.isNumber() && w.asInt() >= 1 && w.asInt() <= 1000 ? prefix + w.asInt() : "";
    }

    /** The integrations' elements with these fonts' hosts allowed in {@code font-src}. */
    Injected allowIn(Injected injected) {
        if (hosts.isEmpty()) {
            return injected;
        }
        Map<String, List<String>> csp = new java.util.LinkedHashMap<>(injected.cspHosts());
        List<String> fontSrc = new ArrayList<>(csp.getOrDefault("font-src", List.of()));
        fontSrc.addAll(hosts);
        csp.put("font-src", List.copyOf(fontSrc));
        return new Injected(injected.head(), injected.bodyStart(), injected.bodyEnd(), csp, injected.scriptHashes(), injected.telemetryEnabled());
    }
}
