package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;

/** Pirsch: one deferred script tag; cookieless, so no consent needed. */
public final class PirschPlugin extends VendorPlugin {
    public PirschPlugin() {
        super("pirsch", "Pirsch", Kind.ANALYTICS, "Cookieless, privacy-friendly analytics in Pirsch.",
                Field.requiredString("id", "The identification code of the site.", "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6",
                        Rule.nonEmpty(), Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .head(Element.Script.defer(Url.https("api.pirsch.io").path("/pa.js"))
                        .with("id", "pianjs").with("data-code", settings.string("id")))
                .allow(CspDirective.CONNECT_SRC, "api.pirsch.io")
                .build();
    }
}
