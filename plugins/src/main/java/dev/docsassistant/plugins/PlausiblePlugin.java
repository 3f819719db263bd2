package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;

/** Plausible: one deferred script from plausible.io or a self-hosted server; cookieless. */
public final class PlausiblePlugin extends VendorPlugin {
    public PlausiblePlugin() {
        super("plausible", "Plausible", Kind.ANALYTICS, "Cookieless analytics in Plausible, hosted or self-hosted.",
                Field.requiredString("domain", "The site domain as registered in Plausible.", "docs.example.com",
                        Rule.notStartsWith("https://", "Must not start with https://"), Rule.hostNames()),
                Field.optionalString("server", "plausible.io", "A self-hosted Plausible host name, without https://.",
                        "plausible.example.com", Rule.notStartsWith("https://", "Must not start with https://"),
                        Rule.hostName()));
    }

    @Override
    public Rendering render(Settings settings) {
        String server = settings.optionalString("server").orElse("plausible.io");
        return Rendering.builder()
                .head(Element.Script.defer(Url.https(server).path("/js/script.js"))
                        .with("data-domain", settings.string("domain")))
                .allow(CspDirective.CONNECT_SRC, server)
                .build();
    }
}
