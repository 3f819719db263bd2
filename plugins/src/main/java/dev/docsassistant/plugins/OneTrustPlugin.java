package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.Consent;
import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;

/**
 * OneTrust's cookie banner (the {@code otSDKStub.js} loader, first in the head) as the site's consent
 * manager: OneTrust calls {@code OptanonWrapper} whenever consent is known or changes, and the wrapper
 * gives the platform's consent signal while the analytics category is active.
 */
public final class OneTrustPlugin extends VendorPlugin {
    static final String DEFAULT_STUB = "https://cdn.cookielaw.org/scripttemplates/otSDKStub.js";
    /** OneTrust's standard "Performance Cookies" category, where analytics belong. */
    static final String DEFAULT_CATEGORY = "C0002";

    public OneTrustPlugin() {
        super("onetrust", "OneTrust", Kind.CONSENT,
                "OneTrust's cookie banner decides when analytics may load (replaces the `cookies` setting).",
                Field.requiredString("domainScript", "The domain script ID of the site's OneTrust script (data-domain-script).",
                        "0190a6c2-7f3e-7d5c-9a1b-2c3d4e5f6a7b", Rule.minLength(1, "Domain script is required"), Rule.identifier("")),
                Field.optionalString("categoryId", DEFAULT_CATEGORY, "The cookie category analytics need consent for.", "C0002",
                        Rule.minLength(1, "Category ID is required"), Rule.identifier("")),
                Field.optionalString("scriptSource", DEFAULT_STUB, "Where OneTrust's loader is served from.",
                        "https://cdn.cookielaw.org/scripttemplates/otSDKStub.js",
                        Rule.httpsUrl("Must be an https:// URL with a host name", true)));
    }

    @Override
    public Rendering render(Settings settings) {
        String category = settings.optionalString("categoryId").orElse(DEFAULT_CATEGORY);
        Url stub = Url.parseHttps(settings.optionalString("scriptSource").orElse(DEFAULT_STUB));
        return Rendering.builder()
                // Defined before the loader runs: OneTrust calls it once consent is known and on every change.
                .head(new Element.InlineScript(Js.code("window.OptanonWrapper=function(){var c=").string(category)
                        .then(";if((\",\"+(window.OnetrustActiveGroups||\"\")+\",\").indexOf(\",\"+c+\",\")>=0){" + Consent.GRANT
                                + "}else{" + Consent.REVOKE + "}};")))
                .head(Element.Script.blocking(stub).with("data-domain-script", settings.string("domainScript"))
                        .with("charset", "UTF-8"))
                .allow(CspDirective.SCRIPT_SRC, "cdn.cookielaw.org")
                .allow(CspDirective.CONNECT_SRC, "cdn.cookielaw.org")
                .allow(CspDirective.CONNECT_SRC, "geolocation.onetrust.com")
                .allow(CspDirective.CONNECT_SRC, "privacyportal.onetrust.com")
                .allow(CspDirective.IMG_SRC, "cdn.cookielaw.org")
                .providesConsent()
                .build();
    }
}
