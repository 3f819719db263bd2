package com.example.docs.crisp;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The Crisp chat box on every docs page: {@code "integrations": {"crisp": {"websiteId": "…"}}}.
 * Crisp's loader is inline; the platform encodes the id into the JS string and allows Crisp's hosts
 * in the page's Content-Security-Policy.
 */
public final class CrispPlugin implements IntegrationPlugin {
    private static final Pattern UUID = Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    @Override
    public String key() {
        return "crisp";
    }

    @Override
    public String title() {
        return "Crisp";
    }

    @Override
    public String description() {
        return "The Crisp chat box for support conversations.";
    }

    @Override
    public Kind kind() {
        return Kind.CHAT;
    }

    @Override
    public List<Field> fields() {
        return List.of(Field.requiredString("websiteId", "The website ID from Crisp's settings (a UUID).",
                "2f1e0c7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b", Rule.nonEmpty(),
                Rule.custom("invalid-website-id", "Must be a Crisp website ID (a UUID)", "a UUID", true,
                        v -> UUID.matcher(v).matches())));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .bodyEnd(new Element.InlineScript(Js.code("window.$crisp=[];window.CRISP_WEBSITE_ID=")
                        .string(settings.string("websiteId"))
                        .then(";(function(){var d=document,s=d.createElement(\"script\");s.src=\"https://client.crisp.chat/l.js\";"
                                + "s.async=1;d.getElementsByTagName(\"head\")[0].appendChild(s);})();")))
                .allow(CspDirective.SCRIPT_SRC, "client.crisp.chat")
                .allow(CspDirective.SCRIPT_SRC, "settings.crisp.chat")
                .allow(CspDirective.CONNECT_SRC, "client.crisp.chat")
                .allow(CspDirective.CONNECT_SRC, "client.relay.crisp.chat")
                .allow(CspDirective.CONNECT_SRC, "wss://client.relay.crisp.chat")
                .allow(CspDirective.CONNECT_SRC, "storage.crisp.chat")
                .allow(CspDirective.IMG_SRC, "client.crisp.chat")
                .allow(CspDirective.IMG_SRC, "image.crisp.chat")
                .allow(CspDirective.STYLE_SRC, "client.crisp.chat")
                .allow(CspDirective.FONT_SRC, "client.crisp.chat")
                .allow(CspDirective.MEDIA_SRC, "client.crisp.chat")
                .build();
    }
}
