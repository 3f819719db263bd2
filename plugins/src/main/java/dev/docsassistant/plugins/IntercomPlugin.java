package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

/** Intercom Messenger: settings and the vendor loader before the body closes; the widget loads on window load. */
public final class IntercomPlugin extends VendorPlugin {
    public IntercomPlugin() {
        super("intercom", "Intercom", Kind.CHAT, "The Intercom Messenger for support conversations.",
                Field.requiredString("appId", "The workspace app ID.", "abc12345",
                        Rule.minLength(6, "Must be a valid Intercom app ID"), Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .bodyEnd(new Element.InlineScript(Js.code("window.intercomSettings={api_base:\"https://api-iam.intercom.io\","
                        + "app_id:").string(settings.string("appId")).then("};(function(){var w=window;var ic=w.Intercom;"
                        + "if(typeof ic===\"function\"){ic('reattach_activator');ic('update',w.intercomSettings);}else{"
                        + "var d=document;var i=function(){i.c(arguments);};i.q=[];i.c=function(args){i.q.push(args);};"
                        + "w.Intercom=i;var l=function(){var s=d.createElement('script');s.type='text/javascript';s.async=true;"
                        + "s.src='https://widget.intercom.io/widget/'+encodeURIComponent(w.intercomSettings.app_id);"
                        + "var x=d.getElementsByTagName('script')[0];x.parentNode.insertBefore(s,x);};"
                        + "if(document.readyState==='complete'){l();}else if(w.attachEvent){w.attachEvent('onload',l);}"
                        + "else{w.addEventListener('load',l,false);}}})();")))
                .allow(CspDirective.SCRIPT_SRC, "widget.intercom.io")
                .allow(CspDirective.SCRIPT_SRC, "js.intercomcdn.com")
                .allow(CspDirective.CONNECT_SRC, "*.intercom.io")
                .allow(CspDirective.CONNECT_SRC, "wss://*.intercom.io")
                .allow(CspDirective.CONNECT_SRC, "*.intercomcdn.com")
                .allow(CspDirective.IMG_SRC, "*.intercomcdn.com")
                .allow(CspDirective.IMG_SRC, "static.intercomassets.com")
                .allow(CspDirective.FONT_SRC, "js.intercomcdn.com")
                .allow(CspDirective.FONT_SRC, "fonts.intercomcdn.com")
                .allow(CspDirective.MEDIA_SRC, "js.intercomcdn.com")
                .allow(CspDirective.FRAME_SRC, "intercom-sheets.com")
                .build();
    }
}
