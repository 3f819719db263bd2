package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

/** Heap with the classic heap.js loader, before the head closes. */
public final class HeapPlugin extends VendorPlugin {
    public HeapPlugin() {
        super("heap", "Heap", Kind.ANALYTICS, "Autocaptured product analytics in Heap.",
                Field.requiredString("appId", "The Heap environment (app) ID.", "1234567890", Rule.nonEmpty(),
                        Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .head(new Element.InlineScript(Js.code("window.heap=window.heap||[],heap.load=function(e,t){window.heap.appid=e,"
                        + "window.heap.config=t=t||{};var r=document.createElement(\"script\");r.type=\"text/javascript\","
                        + "r.async=!0,r.src=\"https://cdn.heapanalytics.com/js/heap-\"+encodeURIComponent(e)+\".js\";"
                        + "var a=document.getElementsByTagName(\"script\")[0];a.parentNode.insertBefore(r,a);"
                        + "for(var n=function(e){return function(){heap.push([e].concat(Array.prototype.slice.call(arguments,0)))}},"
                        + "p=[\"addEventProperties\",\"addUserProperties\",\"clearEventProperties\",\"identify\","
                        + "\"resetIdentity\",\"removeEventProperty\",\"setEventProperties\",\"track\",\"unsetEventProperty\"],"
                        + "o=0;o<p.length;o++)heap[p[o]]=n(p[o])};heap.load(").string(settings.string("appId")).then(");")))
                .allow(CspDirective.SCRIPT_SRC, "cdn.heapanalytics.com")
                .allow(CspDirective.SCRIPT_SRC, "heapanalytics.com")
                .allow(CspDirective.CONNECT_SRC, "heapanalytics.com")
                .allow(CspDirective.IMG_SRC, "heapanalytics.com")
                .needsConsent(true)
                .build();
    }
}
