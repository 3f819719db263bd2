package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;

/** Clearbit (HubSpot) visitor enrichment: the tags script for the publishable key. */
public final class ClearbitPlugin extends VendorPlugin {
    public ClearbitPlugin() {
        super("clearbit", "Clearbit", Kind.ENRICHMENT, "Visitor data enrichment with Clearbit (identifies companies visiting the docs).",
                Field.requiredString("publicApiKey", "The publishable key.", "pk_a1b2c3d4e5f6", Rule.nonEmpty(),
                        Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .head(Element.Script.blocking(Url.https("tag.clearbitscripts.com").path("/v1")
                                .segment(settings.string("publicApiKey")).path("/tags.js"))
                        .with("referrerpolicy", "strict-origin-when-cross-origin"))
                .allow(CspDirective.CONNECT_SRC, "*.clearbit.com")
                .allow(CspDirective.CONNECT_SRC, "*.clearbitscripts.com")
                .needsConsent(true)
                .build();
    }
}
