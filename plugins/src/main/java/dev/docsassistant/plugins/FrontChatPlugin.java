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

/** Front Chat: the widget bundle and its init call before the body closes. */
public final class FrontChatPlugin extends VendorPlugin {
    public FrontChatPlugin() {
        super("frontchat", "Front Chat", Kind.CHAT, "The Front Chat widget for visitors to reach support.",
                Field.requiredString("snippetId", "The chat ID of the Front Chat widget.", "a1b2c3d4e5f6",
                        Rule.minLength(6, "Must be a valid Front chat snippet id"), Rule.identifier("")));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .bodyEnd(Element.Script.blocking(Url.https("chat-assets.frontapp.com").path("/v1/chat.bundle.js")))
                .bodyEnd(new Element.InlineScript(Js.code("window.FrontChat&&window.FrontChat('init',{chatId:")
                        .string(settings.string("snippetId")).then(",useDefaultLauncher:true});")))
                .allow(CspDirective.CONNECT_SRC, "*.frontapp.com")
                .allow(CspDirective.CONNECT_SRC, "wss://*.frontapp.com")
                .allow(CspDirective.FRAME_SRC, "chat.frontapp.com")
                .allow(CspDirective.IMG_SRC, "*.frontapp.com")
                .allow(CspDirective.STYLE_SRC, "chat-assets.frontapp.com")
                .allow(CspDirective.FONT_SRC, "chat-assets.frontapp.com")
                .build();
    }
}
