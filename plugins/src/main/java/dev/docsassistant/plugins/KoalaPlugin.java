package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

/** Koala's pixel: a call queue on {@code window.ko}, then the workspace's SDK from Koala's CDN. */
public final class KoalaPlugin extends VendorPlugin {
    public KoalaPlugin() {
        super("koala", "Koala", Kind.ENRICHMENT, "Identifies the companies visiting the docs with Koala.",
                Field.requiredString("publicApiKey", "The workspace's public API key (Settings > Install).", "pk_docs",
                        Rule.minLength(2, "String must contain at least 2 character(s)"), Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .head(new Element.InlineScript(Js.code("!function(k){if(window.ko)return;window.ko=[];[\"identify\",\"track\","
                        + "\"removeListeners\",\"open\",\"on\",\"off\",\"qualify\",\"ready\"].forEach(function(m){ko[m]=function(){"
                        + "var a=[].slice.call(arguments);a.unshift(m);ko.push(a);return ko}});var s=document.createElement(\"script\");"
                        + "s.async=!0;s.src=\"https://cdn.getkoala.com/v1/\"+encodeURIComponent(k)+\"/sdk.js\";"
                        + "(document.body||document.head).appendChild(s)}(").string(settings.string("publicApiKey")).then(");")))
                .allow(CspDirective.SCRIPT_SRC, "cdn.getkoala.com")
                .allow(CspDirective.SCRIPT_SRC, "*.getkoala.com")
                .allow(CspDirective.CONNECT_SRC, "*.getkoala.com")
                .allow(CspDirective.CONNECT_SRC, "wss://*.getkoala.com")
                .needsConsent(true)
                .build();
    }
}
