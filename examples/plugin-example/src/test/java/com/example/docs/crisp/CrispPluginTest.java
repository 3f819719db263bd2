package com.example.docs.crisp;

import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Validation;
import dev.docsassistant.integrations.testkit.PluginTestKit;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class CrispPluginTest {
    @Test
    void passesTheTestKit() {
        PluginTestKit.assertPasses(new CrispPlugin(), Path.of("src/test/resources/golden"));
    }

    @Test
    void isFoundByTheServiceLoader() {
        assertEquals("crisp", ServiceLoader.load(IntegrationPlugin.class).findFirst().orElseThrow().key());
    }

    @Test
    void refusesAnIdThatIsNotAUuid() {
        assertFalse(Validation.validate(new CrispPlugin(), Map.of("websiteId", "my-site")).valid());
    }
}
