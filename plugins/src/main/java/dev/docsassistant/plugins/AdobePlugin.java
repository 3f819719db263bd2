package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;

/** Adobe Analytics through an Experience Platform tags (Launch) library, loaded async in the head. */
public final class AdobePlugin extends VendorPlugin {
    public AdobePlugin() {
        super("adobe", "Adobe Analytics", Kind.ANALYTICS, "Adobe Analytics through the Adobe Experience Platform tags (Launch) embed code.",
                Field.requiredString("launchUrl", "The tags library URL of the embed code.",
                        "https://assets.adobedtm.com/launch-EN1a2b3c.min.js", Rule.url("Must be a valid URL"),
                        Rule.httpsUrl("Must be an https:// URL with a host name", true)));
    }

    @Override
    public Rendering render(Settings settings) {
        Url library = Url.parseHttps(settings.string("launchUrl"));
        return Rendering.builder()
                .head(Element.Script.async(library))
                .allow(CspDirective.SCRIPT_SRC, "assets.adobedtm.com")
                .allow(CspDirective.CONNECT_SRC, "*.omtrdc.net")
                .allow(CspDirective.CONNECT_SRC, "*.adobedc.net")
                .allow(CspDirective.CONNECT_SRC, "*.demdex.net")
                .allow(CspDirective.IMG_SRC, "*.omtrdc.net")
                .allow(CspDirective.IMG_SRC, "*.demdex.net")
                .needsConsent(true)
                .build();
    }
}
