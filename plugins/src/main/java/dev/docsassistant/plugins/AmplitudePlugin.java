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

/** Amplitude with the vendor script snippet (no session replay). */
public final class AmplitudePlugin extends VendorPlugin {
    public AmplitudePlugin() {
        super("amplitude", "Amplitude", Kind.ANALYTICS, "Product analytics in Amplitude with autocapture (session replay stays off).",
                Field.requiredString("apiKey", "The project API key.", "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6",
                        Rule.nonEmpty(), Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        String key = settings.string("apiKey");
        return Rendering.builder()
                .head(Element.Script.blocking(Url.https("cdn.amplitude.com").path("/script").segment(key + ".js")))
                .head(new Element.InlineScript(Js.code("window.amplitude.init(").string(key)
                        .then(",{fetchRemoteConfig:true,autocapture:true});")))
                .allow(CspDirective.CONNECT_SRC, "*.amplitude.com")
                .needsConsent(true)
                .build();
    }
}
