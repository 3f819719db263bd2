package dev.docsassistant.render;

import dev.docsassistant.integrations.RenderedIntegrations;

import java.util.List;
import java.util.Map;

/**
 * What a site's integrations put on each page, already encoded by their plugins.
 *
 * @param head              HTML for {@code <head>}
 * @param bodyStart         HTML right after {@code <body>}
 * @param bodyEnd           HTML right before {@code </body>}
 * @param cspHosts          extra sources per Content-Security-Policy directive ({@code script-src} → hosts)
 * @param scriptHashes      {@code 'sha256-…'} sources of the inline scripts above
 * @param telemetryEnabled  false removes the feedback controls
 */
public record Injected(String head, String bodyStart, String bodyEnd, Map<String, List<String>> cspHosts,
                       List<String> scriptHashes, boolean telemetryEnabled) {
    public static final Injected NONE = new Injected("", "", "", Map.of(), List.of(), true);

    /** What the integration plugins rendered for a site (consent gating is already in their markup). */
    public static Injected of(RenderedIntegrations r) {
        return new Injected(r.head(), r.bodyStart(), r.bodyEnd(), r.cspHosts(), r.inlineScriptHashes(), r.telemetryEnabled());
    }
}
