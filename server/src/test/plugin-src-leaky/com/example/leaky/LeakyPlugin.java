package com.example.leaky;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

import java.util.List;

/** A plugin that uses the server's Jackson instead of bundling its own: refused when it loads. */
public final class LeakyPlugin implements IntegrationPlugin {
    @Override
    public String key() {
        return "leaky";
    }

    @Override
    public String title() {
        return "Leaky";
    }

    @Override
    public String description() {
        return "Borrows the server's JSON mapper.";
    }

    @Override
    public Kind kind() {
        return Kind.PLATFORM;
    }

    @Override
    public List<Field> fields() {
        return List.of(Field.requiredString("name", "A name.", "x", Rule.nonEmpty()));
    }

    @Override
    public Rendering render(Settings settings) {
        String json;
        try {
            json = new ObjectMapper().writeValueAsString(settings.string("name"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return Rendering.builder().bodyEnd(new Element.InlineScript(Js.code("window.leaky=").string(json).then(";"))).build();
    }
}
