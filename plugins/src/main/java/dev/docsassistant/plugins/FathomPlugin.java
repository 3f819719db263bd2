package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;

/** Fathom Analytics: one deferred script tag; cookieless, so no consent needed. */
public final class FathomPlugin extends VendorPlugin {
    public FathomPlugin() {
        super("fathom", "Fathom Analytics", Kind.ANALYTICS, "Cookieless page-view analytics in Fathom.",
                Field.requiredString("siteId", "The site ID.", "ABCDEFGH", Rule.nonEmpty(), Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .head(Element.Script.defer(Url.https("cdn.usefathom.com").path("/script.js"))
                        .with("data-site", settings.string("siteId")))
                .allow(CspDirective.CONNECT_SRC, "cdn.usefathom.com")
                .allow(CspDirective.IMG_SRC, "cdn.usefathom.com")
                .build();
    }
}
