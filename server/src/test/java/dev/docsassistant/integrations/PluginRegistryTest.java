package dev.docsassistant.integrations;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.app.App;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.testkit.PluginTestKit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plugins from a plugins directory: a third-party jar built at test time, duplicates, and the server using them. */
class PluginRegistryTest {
    @TempDir
    static Path work;
    static Path jar;

    @BeforeAll
    static void buildJar() {
        jar = PluginJars.build(work.resolve("built/acme-chat-1.0.jar"), "com.example.docsplugins.AcmeChatPlugin");
    }

    private static Path pluginsDir(String name, Path... jars) throws Exception {
        Path dir = Files.createDirectories(work.resolve(name));
        for (Path j : jars) {
            Files.copy(j, dir.resolve(j.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
        return dir;
    }

    @Test
    void aJarDroppedInThePluginsDirectoryIsLoadedBesideTheBuiltInOnes() throws Exception {
        PluginRegistry registry = PluginRegistry.load(pluginsDir("one", jar));
        assertEquals(PluginRegistry.classPath().keys().size() + 1, registry.keys().size());
        IntegrationPlugin plugin = registry.get("acmechat").orElseThrow();
        assertEquals("acme-chat-1.0.jar", registry.source("acmechat"));
        assertNotEquals(PluginRegistry.class.getClassLoader(), plugin.getClass().getClassLoader());
        assertTrue(PluginRegistry.classPath().get("acmechat").isEmpty());
    }

    @Test
    void theThirdPartyPluginPassesTheTestKit() throws Exception {
        IntegrationPlugin plugin = PluginRegistry.load(pluginsDir("kit", jar)).get("acmechat").orElseThrow();
        PluginTestKit.assertPasses(plugin, Path.of("src/test/resources/golden"));
    }

    @Test
    void theSameKeyTwiceStopsStartUpNamingBothJars() throws Exception {
        Path copy = Files.copy(jar, work.resolve("built/acme-chat-fork.jar"), StandardCopyOption.REPLACE_EXISTING);
        PluginException e = assertThrows(PluginException.class, () -> PluginRegistry.load(pluginsDir("two", jar, copy)));
        assertTrue(e.getMessage().contains("'acmechat'") && e.getMessage().contains("acme-chat-1.0.jar")
                && e.getMessage().contains("acme-chat-fork.jar"), e.getMessage());
    }

    @Test
    void aJarClaimingABuiltInKeyIsRejectedToo() throws Exception {
        Path shadow = PluginJars.build(work.resolve("built/homegrown-ga4.jar"), "com.example.docsplugins.HomegrownGa4Plugin");
        PluginException e = assertThrows(PluginException.class, () -> PluginRegistry.load(pluginsDir("dup", shadow)));
        assertTrue(e.getMessage().contains("'ga4'") && e.getMessage().contains("homegrown-ga4.jar")
                && e.getMessage().contains("docs-assistant-plugins"), e.getMessage());
    }

    @Test
    void aMissingPluginsDirectoryIsAStartUpError() {
        PluginException e = assertThrows(PluginException.class, () -> PluginRegistry.load(work.resolve("absent")));
        assertTrue(e.getMessage().contains("plugins directory not found"), e.getMessage());
    }

    @Test
    void theServerValidatesAndRendersSitesWithConfiguredPlugins() throws Exception {
        Path dir = pluginsDir("server", jar);
        try (App app = TestApps.exampleSite("plugins-dir: " + dir)) {
            Integrations integrations = app.integrations();
            var json = new ObjectMapper().readTree("""
                    {"acmechat": {"workspace": "docs\\"><script>", "colour": "red"}, "ga4": {"measurementId": "G-1"}}""");
            assertEquals(List.of("/integrations/acmechat/workspace: Must contain only letters, digits, -, _",
                            "/integrations/acmechat/colour: Unknown field 'colour' in acmechat (ignored)"),
                    integrations.validate(json).stream().map(Object::toString).toList());
            RenderedIntegrations r = integrations.render(new ObjectMapper().readTree(
                    "{\"acmechat\": {\"workspace\": \"docs\", \"openOnLoad\": true}}"));
            assertEquals("<script src=\"https://chat.acme.example/widget.js\" defer data-workspace=\"docs\"></script>\n"
                    + "<script>window.acmeChat={workspace:\"docs\",open:true};</script>\n", r.bodyEnd());
            assertEquals(List.of("chat.acme.example"), r.hosts("script-src"));
        }
    }
}
