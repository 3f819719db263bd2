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

/** Google Tag Manager: the container loader high in the head, the noscript frame right after the body opens. */
public final class GtmPlugin extends VendorPlugin {
    public GtmPlugin() {
        super("gtm", "Google Tag Manager", Kind.ANALYTICS, "Google Tag Manager container (cookie consent for the tags it loads is configured in GTM).",
                Field.requiredString("tagId", "The container ID.", "GTM-ABC1234",
                        Rule.startsWith("G", "Must start with G"), Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        String id = settings.string("tagId");
        return Rendering.builder()
                .head(new Element.InlineScript(Js.code("(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':"
                        + "new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),"
                        + "dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+"
                        + "encodeURIComponent(i)+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',")
                        .string(id).then(");")))
                .bodyStart(new Element.NoScriptFrame(Url.https("www.googletagmanager.com").path("/ns.html").query("id", id)))
                .allow(CspDirective.SCRIPT_SRC, "www.googletagmanager.com")
                .allow(CspDirective.CONNECT_SRC, "www.googletagmanager.com")
                .allow(CspDirective.CONNECT_SRC, "*.google-analytics.com")
                .allow(CspDirective.CONNECT_SRC, "*.analytics.google.com")
                .allow(CspDirective.IMG_SRC, "www.googletagmanager.com")
                .allow(CspDirective.IMG_SRC, "*.google-analytics.com")
                .needsConsent(true)
                .build();
    }
}
