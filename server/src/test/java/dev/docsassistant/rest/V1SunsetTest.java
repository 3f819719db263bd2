package dev.docsassistant.rest;

import dev.docsassistant.config.ConfigException;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class V1SunsetTest {
    /** The {@code docs-assistant.v1} node of a config holding {@code values}. */
    private static Config section(Map<String, String> values) {
        return Config.just(ConfigSources.create(values)).get("docs-assistant.v1");
    }

    @Test
    void datesAndLinkAreConfigurable() {
        // The headers on the wire (defaults) are checked over HTTP in AssistantRoutesTest.
        V1Sunset headers = V1Sunset.from(section(Map.of("docs-assistant.v1.deprecated", "2026-01-01",
                "docs-assistant.v1.sunset", "2026-12-31", "docs-assistant.v1.successor", "https://docs.example/v2")));
        assertEquals("@1767225600", headers.deprecation());
        assertEquals("Thu, 31 Dec 2026 23:59:59 GMT", headers.sunset());
        assertEquals("<https://docs.example/v2>; rel=\"successor-version\"", headers.link());
    }

    @Test
    void badSettingsStopStartUpNamingTheKey() {
        ConfigException notADate = assertThrows(ConfigException.class,
                () -> V1Sunset.from(section(Map.of("docs-assistant.v1.sunset", "next year"))));
        assertTrue(notADate.getMessage().contains("docs-assistant.v1.sunset"), notADate.getMessage());
        assertThrows(ConfigException.class, () -> V1Sunset.from(section(Map.of(
                "docs-assistant.v1.deprecated", "2027-01-01", "docs-assistant.v1.sunset", "2026-01-01"))));
        assertThrows(ConfigException.class, () -> V1Sunset.from(section(Map.of(
                "docs-assistant.v1.successor", "https://x> rel=evil"))));
    }
}
