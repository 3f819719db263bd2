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

import java.util.Map;
import java.util.regex.Pattern;

/**
 * Transcend Consent Management as the site's consent manager: its airgap.js bundle first in the head,
 * then a watcher that gives the platform's consent signal while the visitor consents to the analytics
 * purpose, and withdraws it when they revoke.
 */
public final class TranscendPlugin extends VendorPlugin {
    static final String DEFAULT_PURPOSE = "Analytics";
    private static final Pattern BUNDLE = Pattern.compile("[a-zA-Z0-9_-]+");

    public TranscendPlugin() {
        super("transcend", "Transcend", Kind.CONSENT,
                "Transcend Consent Management decides when analytics may load (replaces the `cookies` setting).",
                Field.requiredString("bundleId", "The bundle ID from the airgap.js URL (transcend-cdn.com/cm/<bundleId>/airgap.js).",
                        "8f4c2a1e-7b3d-4c5e-9f6a-1b2c3d4e5f6a",
                        new Rule("invalid-bundle-id", "Bundle ID must contain only letters, numbers, hyphens, or underscores",
                                "only letters, digits, -, _ (around spaces trimmed)", false, v -> BUNDLE.matcher(v.strip()).matches(),
                                Map.of("pattern", "^\\s*[a-zA-Z0-9_-]+\\s*$"))),
                Field.optionalString("analyticsPurpose", DEFAULT_PURPOSE, "The tracking purpose analytics need consent for.",
                        // Mintlify trims the purpose before its length checks.
                        "Analytics", new Rule("min-length", "String must contain at least 1 character(s)", "not blank", false,
                                v -> !v.isBlank(), Map.of("pattern", "\\S")), Rule.maxLength(100, false)));
    }

    @Override
    public Rendering render(Settings settings) {
        String bundle = settings.string("bundleId").strip();
        return Rendering.builder()
                .head(Element.Script.blocking(Url.https("transcend-cdn.com").path("/cm").segment(bundle).path("/airgap.js"))
                        .with("data-cfasync", "false"))
                .head(new Element.InlineScript(Js.code("(function(p){function sync(){var a=window.airgap;if(!a||!a.getConsent)return;"
                        + "var c=a.getConsent();if(c&&c.purposes&&c.purposes[p]===true){" + Consent.GRANT + "}else{" + Consent.REVOKE
                        + "}}function hook(){var a=window.airgap;if(!a)return;if(a.addEventListener)a.addEventListener(\"consent-change\",sync);"
                        + "sync()}if(window.airgap&&window.airgap.ready)window.airgap.ready(hook);else hook()})(")
                        .string(settings.optionalString("analyticsPurpose").orElse(DEFAULT_PURPOSE).strip()).then(");")))
                .allow(CspDirective.CONNECT_SRC, "transcend-cdn.com")
                .allow(CspDirective.CONNECT_SRC, "*.transcend.io")
                .providesConsent()
                .build();
    }
}
