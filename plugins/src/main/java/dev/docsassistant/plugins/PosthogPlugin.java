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

/**
 * PostHog with its inline loader. Session recording stays off unless asked for. The loader fetches
 * {@code /static/array.js} from the assets host of PostHog Cloud, or from a self-hosted instance itself.
 */
public final class PosthogPlugin implements IntegrationPlugin {
    static final String DEFAULT_HOST = "https://us.i.posthog.com";
    private static final String LOADER = "!function(t,e){var o,n,p,r;e.__SV||(window.posthog=e,e._i=[],e.init=function(i,s,a){"
            + "function g(t,e){var o=e.split(\".\");2==o.length&&(t=t[o[0]],e=o[1]),t[e]=function(){t.push([e].concat("
            + "Array.prototype.slice.call(arguments,0)))}}(p=t.createElement(\"script\")).type=\"text/javascript\","
            + "p.crossOrigin=\"anonymous\",p.async=!0,p.src=s.api_host.replace(\".i.posthog.com\",\"-assets.i.posthog.com\")"
            + "+\"/static/array.js\",(r=t.getElementsByTagName(\"script\")[0]).parentNode.insertBefore(p,r);var u=e;"
            + "for(void 0!==a?u=e[a]=[]:a=\"posthog\",u.people=u.people||[],u.toString=function(t){var e=\"posthog\";"
            + "return\"posthog\"!==a&&(e+=\".\"+a),t||(e+=\" (stub)\"),e},u.people.toString=function(){return u.toString(1)"
            + "+\".people (stub)\"},o=\"capture identify alias people.set people.set_once set_config register register_once "
            + "unregister opt_out_capturing has_opted_out_capturing opt_in_capturing reset isFeatureEnabled onFeatureFlags "
            + "getFeatureFlag getFeatureFlagPayload reloadFeatureFlags group onSessionId\".split(\" \"),n=0;n<o.length;n++)"
            + "g(u,o[n]);e._i.push([i,s,a])},e.__SV=1)}(document,window.posthog||[]);";

    @Override
    public String key() {
        return "posthog";
    }

    @Override
    public String title() {
        return "PostHog";
    }

    @Override
    public String description() {
        return "Product analytics in PostHog Cloud or a self-hosted PostHog, optionally with session recordings.";
    }

    @Override
    public Kind kind() {
        return Kind.ANALYTICS;
    }

    @Override
    public List<Field> fields() {
        return List.of(
                Field.requiredString("apiKey", "The project API key.", "phc_a1B2c3D4e5F6",
                        Rule.startsWith("phc_", "Must start with phc_"), Rule.identifier("")),
                Field.optionalString("apiHost", DEFAULT_HOST, "The PostHog instance: a Cloud region or a self-hosted URL.",
                        "https://eu.i.posthog.com", Rule.url("Must be a valid URL"),
                        Rule.httpsUrl("Must be an https:// URL with a host name", true)),
                Field.optionalBoolean("sessionRecording", false, "Record sessions (off by default for visitors' privacy)."));
    }

    @Override
    public Rendering render(Settings settings) {
        Url api = Url.parseHttps(settings.optionalString("apiHost").orElse(DEFAULT_HOST));
        String apiHost = api.toString().replaceAll("/+$", "");
        String assets = api.host().endsWith(".i.posthog.com") ? api.host().replace(".i.posthog.com", "-assets.i.posthog.com")
                : api.host();
        return Rendering.builder()
                .head(new Element.InlineScript(Js.code(LOADER + "posthog.init(").string(settings.string("apiKey"))
                        .then(",{api_host:").string(apiHost)
                        .then(",person_profiles:'identified_only',disable_session_recording:")
                        .bool(!settings.bool("sessionRecording")).then("});")))
                .allow(CspDirective.SCRIPT_SRC, assets)
                .allow(CspDirective.CONNECT_SRC, api.host())
                .allow(CspDirective.CONNECT_SRC, assets)
                .needsConsent(true)
                .build();
    }
}
