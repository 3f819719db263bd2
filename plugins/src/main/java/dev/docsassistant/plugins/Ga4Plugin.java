package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;

import java.util.List;

/** Google Analytics 4 with gtag.js, placed first in the head as Google asks. */
public final class Ga4Plugin implements IntegrationPlugin {
    @Override
    public String key() {
        return "ga4";
    }

    @Override
    public String title() {
        return "Google Analytics 4";
    }

    @Override
    public String description() {
        return "Page views and events in Google Analytics 4 through gtag.js.";
    }

    @Override
    public Kind kind() {
        return Kind.ANALYTICS;
    }

    @Override
    public List<Field> fields() {
        return List.of(Field.requiredString("measurementId", "The web stream's measurement ID.", "G-ABC123XYZ",
                Rule.startsWith("G", "Must start with G"), Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        String id = settings.string("measurementId");
        return Rendering.builder()
                .head(Element.Script.async(Url.https("www.googletagmanager.com").path("/gtag/js").query("id", id)))
                .head(new Element.InlineScript(Js.code("window.dataLayer=window.dataLayer||[];"
                        + "function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',")
                        .string(id).then(");")))
                .allow(CspDirective.CONNECT_SRC, "*.google-analytics.com")
                .allow(CspDirective.CONNECT_SRC, "*.analytics.google.com")
                .allow(CspDirective.CONNECT_SRC, "www.googletagmanager.com")
                .allow(CspDirective.IMG_SRC, "*.google-analytics.com")
                .allow(CspDirective.IMG_SRC, "www.googletagmanager.com")
                .needsConsent(true)
                .build();
    }
}
