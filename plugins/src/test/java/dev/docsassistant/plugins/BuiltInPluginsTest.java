package dev.docsassistant.plugins;

import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.testkit.PluginTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BuiltInPluginsTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    static List<IntegrationPlugin> plugins() {
        return ServiceLoader.load(IntegrationPlugin.class).stream().map(ServiceLoader.Provider::get).toList();
    }

    @Test
    void everyVendorAndPlatformSettingIsRegistered() {
        assertEquals(List.of("adobe", "amplitude", "clarity", "fathom", "ga4", "gtm", "heap", "hightouch", "hotjar",
                "logrocket", "mixpanel", "pirsch", "plausible", "posthog", "segment", "frontchat", "intercom", "clearbit",
                "koala", "onetrust", "transcend",
                "telemetry", "cookies"), plugins().stream().map(IntegrationPlugin::key).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plugins")
    void passesTheTestKit(IntegrationPlugin plugin) {
        PluginTestKit.assertPasses(plugin, GOLDEN);
    }
}
