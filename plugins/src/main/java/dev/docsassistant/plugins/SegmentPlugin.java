package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;

/** Segment with the analytics.js snippet, from the Segment CDN or a custom CDN host. */
public final class SegmentPlugin extends VendorPlugin {
    public SegmentPlugin() {
        super("segment", "Segment", Kind.ANALYTICS, "Event collection with Segment analytics.js.",
                Field.requiredString("key", "The source write key.", "a1B2c3D4e5F6g7H8", Rule.nonEmpty(),
                        Rule.identifier("")),
                Field.optionalString("cdnUrl", "https://cdn.segment.com", "A custom CDN (proxy) for analytics.js.",
                        "https://cdn.example.com", Rule.url("Must be a valid URL"),
                        Rule.startsWith("https://", "Must be an HTTPS URL"),
                        Rule.noQueryOrFragment("Must not contain query parameters or fragments"),
                        Rule.httpsUrl("Must be an https:// URL with a host name", true)));
    }

    @Override
    public Rendering render(Settings settings) {
        Url cdn = Url.parseHttps(settings.optionalString("cdnUrl").orElse("https://cdn.segment.com"));
        String key = settings.string("key");
        return Rendering.builder()
                .head(new Element.InlineScript(Js.code("!function(){var i=\"analytics\",analytics=window[i]=window[i]||[];"
                        + "if(!analytics.initialize)if(analytics.invoked)window.console&&console.error&&console.error("
                        + "\"Segment snippet included twice.\");else{analytics.invoked=!0;analytics.methods=[\"trackSubmit\","
                        + "\"trackClick\",\"trackLink\",\"trackForm\",\"pageview\",\"identify\",\"reset\",\"group\",\"track\","
                        + "\"ready\",\"alias\",\"debug\",\"page\",\"screen\",\"once\",\"off\",\"on\",\"addSourceMiddleware\","
                        + "\"addIntegrationMiddleware\",\"setAnonymousId\",\"addDestinationMiddleware\",\"register\"];"
                        + "analytics.factory=function(e){return function(){if(window[i].initialized)return window[i][e]"
                        + ".apply(window[i],arguments);var n=Array.prototype.slice.call(arguments);n.unshift(e);"
                        + "analytics.push(n);return analytics}};for(var n=0;n<analytics.methods.length;n++){"
                        + "var key=analytics.methods[n];analytics[key]=analytics.factory(key)}analytics.load=function(key,n){"
                        + "var t=document.createElement(\"script\");t.type=\"text/javascript\";t.async=!0;"
                        + "t.setAttribute(\"data-global-segment-analytics-key\",i);t.src=")
                        .string(cdn.toString().replaceAll("/+$", ""))
                        .then("+\"/analytics.js/v1/\"+encodeURIComponent(key)+\"/analytics.min.js\";"
                                + "var r=document.getElementsByTagName(\"script\")[0];r.parentNode.insertBefore(t,r);"
                                + "analytics._loadOptions=n};analytics._writeKey=").string(key)
                        .then(";analytics.SNIPPET_VERSION=\"5.2.0\";analytics.load(").string(key)
                        .then(");analytics.page()}}();")))
                .allow(CspDirective.SCRIPT_SRC, cdn.host())
                .allow(CspDirective.CONNECT_SRC, "api.segment.io")
                .allow(CspDirective.CONNECT_SRC, cdn.host())
                .needsConsent(true)
                .build();
    }
}
