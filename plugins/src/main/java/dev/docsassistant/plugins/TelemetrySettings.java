package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Settings;

import java.util.List;

/** {@code telemetry}: the platform's own telemetry and the feedback controls on pages. Adds nothing to pages itself. */
public final class TelemetrySettings implements IntegrationPlugin {
    @Override
    public String key() {
        return "telemetry";
    }

    @Override
    public String title() {
        return "Telemetry";
    }

    @Override
    public String description() {
        return "`enabled: false` turns off the platform's own telemetry and every feedback control on pages.";
    }

    @Override
    public Kind kind() {
        return Kind.PLATFORM;
    }

    @Override
    public List<Field> fields() {
        return List.of(Field.optionalBoolean("enabled", true, "Platform telemetry and page feedback controls."));
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.none();
    }
}
