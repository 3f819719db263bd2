package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

/** Microsoft Clarity with its inline loader. */
public final class ClarityPlugin extends VendorPlugin {
    public ClarityPlugin() {
        super("clarity", "Microsoft Clarity", Kind.ANALYTICS, "Heatmaps and session replays in Microsoft Clarity.",
                Field.requiredString("projectId", "The Clarity project ID.", "k3x9q2w7zp", Rule.nonEmpty(),
                        Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .head(new Element.InlineScript(Js.code("(function(c,l,a,r,i,t,y){c[a]=c[a]||function(){(c[a].q=c[a].q||[])"
                        + ".push(arguments)};t=l.createElement(r);t.async=1;t.src=\"https://www.clarity.ms/tag/\"+"
                        + "encodeURIComponent(i);y=l.getElementsByTagName(r)[0];y.parentNode.insertBefore(t,y);})"
                        + "(window,document,\"clarity\",\"script\",").string(settings.string("projectId")).then(");")))
                .allow(CspDirective.SCRIPT_SRC, "www.clarity.ms")
                .allow(CspDirective.SCRIPT_SRC, "*.clarity.ms")
                .allow(CspDirective.CONNECT_SRC, "*.clarity.ms")
                .allow(CspDirective.CONNECT_SRC, "c.bing.com")
                .allow(CspDirective.IMG_SRC, "*.clarity.ms")
                .allow(CspDirective.IMG_SRC, "c.bing.com")
                .needsConsent(true)
                .build();
    }
}
