package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Problem;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Settings;

import java.util.List;

/**
 * {@code cookies}: the consent signal the site's own consent tool leaves in the visitor's browser.
 * Integrations that need consent load only once {@code localStorage[key] === value}.
 */
public final class CookiesSettings implements IntegrationPlugin {
    @Override
    public String key() {
        return "cookies";
    }

    @Override
    public String title() {
        return "Cookie consent";
    }

    @Override
    public String description() {
        return "Analytics that set cookies load only once the visitor's localStorage holds `key` = `value`.";
    }

    @Override
    public Kind kind() {
        return Kind.PLATFORM;
    }

    @Override
    public List<Field> fields() {
        return List.of(
                Field.optionalString("key", null, "The localStorage key the consent tool writes.", "cookie-consent"),
                Field.optionalString("value", null, "The value meaning the visitor accepted.", "accepted"));
    }

    @Override
    public List<Problem> check(Settings settings) {
        boolean key = settings.optionalString("key").isPresent();
        boolean value = settings.optionalString("value").isPresent();
        if (key != value) {
            String missing = key ? "value" : "key";
            return List.of(Problem.warning("/" + missing, "consent-incomplete",
                    "cookies needs both key and value; without " + missing + " analytics load without waiting for consent",
                    null));
        }
        return List.of();
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.none();
    }
}
