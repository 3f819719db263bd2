package dev.docsassistant.render;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Content-Security-Policy of a site's pages: the site's own origin for everything, plus exactly
 * the hosts its integrations declare, and the hashes of their inline scripts (no {@code 'unsafe-inline'}
 * for scripts). Images may come from any https host, as docs embed them from CDNs.
 */
public final class ContentSecurityPolicy {
    /** A CSP source a plugin may add: a host (optionally with scheme and wildcard) or a hash. */
    private static final Pattern SOURCE = Pattern.compile(
            "(https?://|wss://)?(\\*\\.)?[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(:\\d{1,5})?|'sha(256|384|512)-[A-Za-z0-9+/=]+'");
    /** An inline script element: its attributes and its text. */
    private static final Pattern INLINE_SCRIPT = Pattern.compile("<script\\b([^>]*)>(.*?)</script>", Pattern.DOTALL);
    /** An API server as a source: scheme, host, port and a path without the characters that end a source or directive. */
    private static final Pattern API_SOURCE = Pattern.compile(
            "https?://([a-z0-9-]+(\\.[a-z0-9-]+)*|\\[[0-9a-f:.]+])(:\\d{1,5})?(/[A-Za-z0-9._~%!$&()+=:@/-]*)?");
    private static final List<String> DIRECTIVES = List.of(
            "script-src", "style-src", "img-src", "connect-src", "font-src", "frame-src", "media-src", "worker-src");

    private ContentSecurityPolicy() {
    }

    static List<String> inlineScriptHashes(String html) {
        List<String> hashes = new java.util.ArrayList<>();
        Matcher m = INLINE_SCRIPT.matcher(html);
        while (m.find()) {
            String attributes = m.group(1);
            if (!attributes.matches("(?s).*\\bsrc\\s*=.*") && !attributes.contains("application/json") && !m.group(2).isEmpty()) {
                hashes.add(sha256(m.group(2)));
            }
        }
        return hashes;
    }

    /** The CSP source that allows one inline script or style element: {@code 'sha256-…'} of its text. */
    public static String sha256(String script) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8));
            return "'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String of(Injected injected, String siteOrigin) {
        return of(injected, siteOrigin, List.of());
    }

    /**
     * @param apiSources where the API playground sends requests from the browser ({@code api.playground.proxy:
     *                   false}): {@code connect-src} allows exactly these; through the proxy it needs only {@code 'self'}
     */
    static String of(Injected injected, String siteOrigin, List<String> apiSources) {
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
        for (String source : apiSources) {
            // A path with other characters: its origin, which is wider but cannot break out of the directive.
            int path = source.indexOf('/', source.indexOf("://") + 3);
            String allowed = API_SOURCE.matcher(source).matches() || path < 0 ? source : source.substring(0, path);
            if (API_SOURCE.matcher(allowed).matches()) {
                d.get("connect-src").add(allowed);
            }
        }
        injected.scriptHashes().stream().filter(h -> SOURCE.matcher(h).matches()).forEach(d.get("script-src")::add);
        // The theme boot script, which must run before the first paint to avoid a flash of the wrong theme.
        d.get("script-src").add(SiteTheme.BOOT_SCRIPT_HASH);
        // Every inline script the page carries, also those held back until consent and run later.
        d.get("script-src").addAll(inlineScriptHashes(injected.head() + injected.bodyStart() + injected.bodyEnd()));
        StringBuilder s = new StringBuilder("default-src 'self'");
        d.forEach((directive, sources) -> s.append("; ").append(directive).append(' ').append(String.join(" ", sources)));
        return s.append("; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'").toString();
    }
}
