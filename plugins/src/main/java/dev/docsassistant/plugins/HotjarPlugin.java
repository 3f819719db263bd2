package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

/** Hotjar with its inline loader; both ids are emitted as numbers, as in the vendor snippet. */
public final class HotjarPlugin extends VendorPlugin {
    public HotjarPlugin() {
        super("hotjar", "Hotjar", Kind.ANALYTICS, "Heatmaps, recordings and surveys in Hotjar.",
                Field.requiredString("hjid", "The site ID.", "1234567", Rule.digits(), Rule.maxLength(15, true)),
                Field.requiredString("hjsv", "The snippet version (normally 6).", "6", Rule.digits(),
                        Rule.maxLength(15, true)));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .head(new Element.InlineScript(Js.code("(function(h,o,t,j,a,r){h.hj=h.hj||function(){(h.hj.q=h.hj.q||[])"
                        + ".push(arguments)};h._hjSettings={hjid:").number(Long.parseLong(settings.string("hjid")))
                        .then(",hjsv:").number(Long.parseLong(settings.string("hjsv")))
                        .then("};a=o.getElementsByTagName('head')[0];r=o.createElement('script');r.async=1;"
                                + "r.src=t+h._hjSettings.hjid+j+h._hjSettings.hjsv;a.appendChild(r);})"
                                + "(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv=');")))
                .allow(CspDirective.SCRIPT_SRC, "static.hotjar.com")
                .allow(CspDirective.SCRIPT_SRC, "script.hotjar.com")
                .allow(CspDirective.CONNECT_SRC, "*.hotjar.com")
                .allow(CspDirective.CONNECT_SRC, "*.hotjar.io")
                .allow(CspDirective.CONNECT_SRC, "wss://*.hotjar.com")
                .allow(CspDirective.IMG_SRC, "*.hotjar.com")
                .allow(CspDirective.FONT_SRC, "script.hotjar.com")
                .allow(CspDirective.STYLE_SRC, "static.hotjar.com")
                .needsConsent(true)
                .build();
    }
}
