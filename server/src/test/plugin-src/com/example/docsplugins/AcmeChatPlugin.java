package com.example.docsplugins;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Problem;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;

import java.util.List;

/**
 * A third-party plugin as a platform team would write it against the SPI alone: compiled and
 * packed into a jar by the tests at run time, then dropped into a plugins directory.
 */
public final class AcmeChatPlugin implements IntegrationPlugin {
    @Override
    public String key() {
        return "acmechat";
    }

    @Override
    public String title() {
        return "Acme Chat";
    }

    @Override
    public String description() {
        return "The in-house Acme support chat widget.";
    }

    @Override
    public Kind kind() {
        return Kind.CHAT;
    }

    @Override
    public List<Field> fields() {
        return List.of(
                Field.requiredString("workspace", "The chat workspace.", "docs-team", Rule.nonEmpty(), Rule.identifier("")),
                Field.optionalString("host", "chat.acme.example", "The chat server.", "chat.eu.acme.example", Rule.hostName()),
                Field.optionalBoolean("openOnLoad", false, "Open the widget when the page loads."));
    }

    @Override
    public List<Problem> check(Settings settings) {
        return settings.string("workspace").equals("test")
                ? List.of(Problem.warning("/workspace", "test-workspace", "The test workspace answers nobody", "test"))
                : List.of();
    }

    @Override
    public Rendering render(Settings settings) {
        String host = settings.optionalString("host").orElse("chat.acme.example");
        return Rendering.builder()
                .bodyEnd(Element.Script.defer(Url.https(host).path("/widget.js")).with("data-workspace",
                        settings.string("workspace")))
                .bodyEnd(new Element.InlineScript(Js.code("window.acmeChat={workspace:").string(settings.string("workspace"))
                        .then(",open:").bool(settings.bool("openOnLoad")).then("};")))
                .allow(CspDirective.CONNECT_SRC, host)
                .build();
    }
}
