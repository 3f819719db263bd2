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

/** LogRocket: the SDK script and its init call, early in the head as the vendor asks. */
public final class LogRocketPlugin extends VendorPlugin {
    public LogRocketPlugin() {
        super("logrocket", "LogRocket", Kind.ANALYTICS, "Session replay and error tracking in LogRocket.",
                Field.requiredString("appId", "The app ID, `org-slug/app-slug`.", "acme/docs", Rule.nonEmpty(),
                        Rule.identifier("/"), Rule.custom("org-app", "Must have the form org-slug/app-slug",
                                "the form `org-slug/app-slug`", true, v -> v.matches("[^/]+/[^/]+"))));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .head(Element.Script.blocking(Url.https("cdn.logr-in.com").path("/LogRocket.min.js"))
                        .with("crossorigin", "anonymous"))
                .head(new Element.InlineScript(Js.code("window.LogRocket&&window.LogRocket.init(")
                        .string(settings.string("appId")).then(");")))
                .allow(CspDirective.SCRIPT_SRC, "cdn.lr-ingest.com")
                .allow(CspDirective.CONNECT_SRC, "*.logr-in.com")
                .allow(CspDirective.CONNECT_SRC, "*.lr-ingest.com")
                .allow(CspDirective.CONNECT_SRC, "*.lr-in-prod.com")
                .needsConsent(true)
                .build();
    }
}
