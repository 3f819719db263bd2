package dev.docsassistant.render;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The Content-Security-Policy of a site's pages: the site's own origin for everything, plus exactly
 * the hosts its integrations declare, and the hashes of their inline scripts (no {@code 'unsafe-inline'}
 * for scripts). Images may come from any https host, as docs embed them from CDNs.
 */
final class ContentSecurityPolicy {
    /** A CSP source a plugin may add: a host (optionally with scheme and wildcard) or a hash. */
    private static final Pattern SOURCE = Pattern.compile(
            "(https?://|wss://)?(\\*\\.)?[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(:\\d{1,5})?|'sha(256|384|512)-[A-Za-z0-9+/=]+'");
    private static final List<String> DIRECTIVES = List.of(
            "script-src", "style-src", "img-src", "connect-src", "font-src", "frame-src", "media-src", "worker-src");

    private ContentSecurityPolicy() {
    }

    static String of(Injected injected, String siteOrigin) {
        Map<String, Set<String>> d = new LinkedHashMap<>();
        for (String directive : DIRECTIVES) {
            d.put(directive, new LinkedHashSet<>(List.of("'self'")));
            if (siteOrigin != null) {
                d.get(directive).add(siteOrigin);
            }
        }
        d.get("style-src").add("'unsafe-inline'");
        d.get("img-src").addAll(List.of("data:", "https:"));
        d.get("media-src").add("https:");
        d.get("worker-src").add("blob:");
        injected.cspHosts().forEach((directive, hosts) -> {
            Set<String> target = d.get(directive);
            if (target != null) {
                hosts.stream().filter(h -> SOURCE.matcher(h).matches()).forEach(target::add);
            }
        });
        injected.scriptHashes().stream().filter(h -> SOURCE.matcher(h).matches()).forEach(d.get("script-src")::add);
        StringBuilder s = new StringBuilder("default-src 'self'");
        d.forEach((directive, sources) -> s.append("; ").append(directive).append(' ').append(String.join(" ", sources)));
        return s.append("; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'").toString();
    }
}
