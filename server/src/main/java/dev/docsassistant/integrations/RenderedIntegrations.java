package dev.docsassistant.integrations;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a site's integrations add to each of its pages, ready to inject.
 *
 * @param head               HTML for the start of {@code <head>}
 * @param bodyStart          HTML right after {@code <body>} opens
 * @param bodyEnd            HTML right before {@code </body>}
 * @param cspHosts           hosts to allow, by Content-Security-Policy directive ({@code script-src} → hosts)
 * @param inlineScriptHashes {@code 'sha256-…'} sources of every inline script above, for a CSP without {@code 'unsafe-inline'}
 * @param needsConsent       whether some loaded integration needs the visitor's consent
 * @param consentGated       whether those integrations wait for {@link #consent()} (a {@code cookies} setting is present)
 * @param telemetryEnabled   false when {@code telemetry.enabled} is false: no platform telemetry, no feedback controls
 * @param consent            the {@code cookies} setting: the localStorage key and value meaning consent
 */
public record RenderedIntegrations(String head, String bodyStart, String bodyEnd, Map<String, List<String>> cspHosts,
                                   List<String> inlineScriptHashes, boolean needsConsent, boolean consentGated,
                                   boolean telemetryEnabled, Optional<Consent> consent) {

    /** The consent signal: {@code localStorage[key] === value}. */
    public record Consent(String key, String value) {
    }

    public static final RenderedIntegrations NONE = new RenderedIntegrations("", "", "", Map.of(), List.of(),
            false, false, true, Optional.empty());

    /** The hosts for one directive ({@code "script-src"}), empty when none. */
    public List<String> hosts(String directive) {
        return cspHosts.getOrDefault(directive, List.of());
    }
}
