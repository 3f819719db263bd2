package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

/** Hightouch Events with the browser SDK inline snippet. */
public final class HightouchPlugin extends VendorPlugin {
    static final String DEFAULT_HOST = "us-east-1.hightouch-events.com";

    public HightouchPlugin() {
        super("hightouch", "Hightouch Events", Kind.ANALYTICS, "Event collection with Hightouch Events (Segment-compatible API).",
                Field.requiredString("writeKey", "The source write key.", "a1b2c3d4e5f6", Rule.nonEmpty(),
                        Rule.identifier("")),
                Field.optionalString("apiHost", DEFAULT_HOST, "The events API host, without https://.",
                        "eu-central-1.hightouch-events.com", Rule.hostName()));
    }

    @Override
    public Rendering render(Settings settings) {
        String host = settings.optionalString("apiHost").orElse(DEFAULT_HOST);
        return Rendering.builder()
                .head(new Element.InlineScript(Js.code("!function(){var e=window.htevents=window.htevents||[];"
                        + "if(!e.initialize)if(e.invoked)window.console&&console.error&&console.error(\"Hightouch snippet included twice.\");"
                        + "else{e.invoked=!0,e.methods=[\"trackSubmit\",\"trackClick\",\"trackLink\",\"trackForm\",\"pageview\","
                        + "\"identify\",\"reset\",\"group\",\"track\",\"ready\",\"alias\",\"debug\",\"page\",\"once\",\"off\","
                        + "\"on\",\"addSourceMiddleware\",\"addIntegrationMiddleware\",\"setAnonymousId\",\"addDestinationMiddleware\"],"
                        + "e.factory=function(t){return function(){var n=Array.prototype.slice.call(arguments);return n.unshift(t),"
                        + "e.push(n),e}};for(var t=0;t<e.methods.length;t++){var n=e.methods[t];e[n]=e.factory(n)}"
                        + "e.load=function(t,n){var o=document.createElement(\"script\");o.type=\"text/javascript\",o.async=!0,"
                        + "o.src=\"https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js\";"
                        + "var r=document.getElementsByTagName(\"script\")[0];r.parentNode.insertBefore(o,r),e._loadOptions=n,"
                        + "e._writeKey=t},e.SNIPPET_VERSION=\"0.0.1\",e.load(").string(settings.string("writeKey"))
                        .then(",{apiHost:").string(host).then("}),e.page()}}();")))
                .allow(CspDirective.SCRIPT_SRC, "cdn.hightouch-events.com")
                .allow(CspDirective.CONNECT_SRC, host)
                .needsConsent(true)
                .build();
    }
}
