package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

/** Mixpanel with its inline loader; the region picks the API host events must go to. */
public final class MixpanelPlugin extends VendorPlugin {
    public MixpanelPlugin() {
        super("mixpanel", "Mixpanel", Kind.ANALYTICS, "Product analytics in Mixpanel (US, EU or India data residency).",
                Field.requiredString("projectToken", "The project token.", "0123456789abcdef0123456789abcdef",
                        Rule.nonEmpty(), Rule.identifier("")),
                Field.optionalString("region", "us", "Where the project data lives.", "eu", Rule.oneOf("us", "eu", "in")));
    }

    @Override
    public Rendering render(Settings settings) {
        String host = switch (settings.optionalString("region").orElse("us")) {
            case "eu" -> "api-eu.mixpanel.com";
            case "in" -> "api-in.mixpanel.com";
            default -> "api-js.mixpanel.com";
        };
        return Rendering.builder()
                .head(new Element.InlineScript(Js.code("(function(f,b){if(!b.__SV){var e,g,i,h;window.mixpanel=b;b._i=[];"
                        + "b.init=function(e,f,c){function g(a,d){var b=d.split(\".\");2==b.length&&(a=a[b[0]],d=b[1]);"
                        + "a[d]=function(){a.push([d].concat(Array.prototype.slice.call(arguments,0)))}}var a=b;"
                        + "\"undefined\"!==typeof c?a=b[c]=[]:c=\"mixpanel\";a.people=a.people||[];a.toString=function(a){"
                        + "var d=\"mixpanel\";\"mixpanel\"!==c&&(d+=\".\"+c);a||(d+=\" (stub)\");return d};"
                        + "a.people.toString=function(){return a.toString(1)+\".people (stub)\"};i=\"disable time_event track "
                        + "track_pageview track_links track_forms track_with_groups add_group set_group remove_group register "
                        + "register_once alias unregister identify name_tag set_config reset opt_in_tracking opt_out_tracking "
                        + "has_opted_in_tracking has_opted_out_tracking clear_opt_in_out_tracking start_batch_senders people.set "
                        + "people.set_once people.unset people.increment people.append people.union people.track_charge "
                        + "people.clear_charges people.delete_user people.remove\".split(\" \");for(h=0;h<i.length;h++)g(a,i[h]);"
                        + "b._i.push([e,f,c])};b.__SV=1.2;e=f.createElement(\"script\");e.type=\"text/javascript\";e.async=!0;"
                        + "e.src=\"https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js\";g=f.getElementsByTagName(\"script\")[0];"
                        + "g.parentNode.insertBefore(e,g)}})(document,window.mixpanel||[]);mixpanel.init(")
                        .string(settings.string("projectToken")).then(",{api_host:").string("https://" + host)
                        .then(",secure_cookie:true,track_pageview:true});")))
                .allow(CspDirective.SCRIPT_SRC, "cdn.mxpnl.com")
                .allow(CspDirective.CONNECT_SRC, host)
                .needsConsent(true)
                .build();
    }
}
