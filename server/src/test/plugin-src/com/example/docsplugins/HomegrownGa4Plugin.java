package com.example.docsplugins;

import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

import java.util.List;

/** A plugin that claims a built-in key: the platform must refuse to start with it. */
public final class HomegrownGa4Plugin implements IntegrationPlugin {
    public String key() { return "ga4"; }
    public String title() { return "Homegrown GA4"; }
    public String description() { return "Claims the built-in ga4 key."; }
    public Kind kind() { return Kind.ANALYTICS; }
    public List<Field> fields() {
        return List.of(Field.requiredString("measurementId", "Id.", "G-1", Rule.nonEmpty()));
    }
    public Rendering render(Settings settings) { return Rendering.none(); }
}
