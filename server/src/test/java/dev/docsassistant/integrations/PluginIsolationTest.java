package dev.docsassistant.integrations;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.SpiVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each plugin sees the JDK, the SPI and its own jars only, and runs only on an SPI it was built for. */
class PluginIsolationTest {
    private static final Path BUNDLED_JACKSON = Path.of("target/test-plugin-libs/jackson-core-2.17.2.jar");

    @TempDir
    Path work;

    @Test
    void aPluginBundlingItsOwnJacksonUsesItsOwn() throws Exception {
        Path folder = Files.createDirectories(work.resolve("plugins/json-badge"));
        PluginJars.from(Path.of("src/test/plugin-src-jackson")).compiledWith(BUNDLED_JACKSON)
                .jar(folder.resolve("json-badge-1.0.jar"), "com.example.jsonbadge.JsonBadgePlugin");
        Files.copy(BUNDLED_JACKSON, folder.resolve(BUNDLED_JACKSON.getFileName()));

        Integrations integrations = new Integrations(PluginRegistry.load(work.resolve("plugins")));
        IntegrationPlugin plugin = integrations.registry().get("jsonbadge").orElseThrow();
        assertNotEquals(PluginRegistry.class.getClassLoader(), plugin.getClass().getClassLoader());
        assertEquals("json-badge", integrations.registry().source("jsonbadge"));

        String serverJackson = com.fasterxml.jackson.core.json.PackageVersion.VERSION.toString();
        assertNotEquals("2.17.2", serverJackson, "the test needs a Jackson other than the server's");
        RenderedIntegrations page = integrations.render(new ObjectMapper().readTree("{\"jsonbadge\": {\"config\": \"{}\"}}"));
        assertTrue(page.bodyEnd().contains("window.jsonBadge={jackson:\"2.17.2\""), page.bodyEnd());
        // The plugin's own Jackson parses its field: a syntax error is reported as the plugin says.
        assertEquals(List.of("/integrations/jsonbadge/config: Must be JSON"),
                integrations.validate(new ObjectMapper().readTree("{\"jsonbadge\": {\"config\": \"{oops\"}}"))
                        .stream().map(Object::toString).toList());
    }

    @Test
    void thePluginSharesTheServersSpi() throws Exception {
        Path dir = Files.createDirectories(work.resolve("plugins"));
        PluginJars.build(dir.resolve("acme-chat.jar"), "com.example.docsplugins.AcmeChatPlugin");
        IntegrationPlugin plugin = PluginRegistry.load(dir).get("acmechat").orElseThrow();
        assertSame(IntegrationPlugin.class, plugin.getClass().getInterfaces()[0]);
    }

    @Test
    void aPluginReachingForAServerClassFailsAtLoadNamingTheJarAndTheClass() throws Exception {
        Path dir = Files.createDirectories(work.resolve("plugins"));
        PluginJars.from(Path.of("src/test/plugin-src-leaky")).compiledWith(PluginJars.location(ObjectMapper.class),
                        PluginJars.location(com.fasterxml.jackson.core.JsonFactory.class))
                .jar(dir.resolve("leaky-1.0.jar"), "com.example.leaky.LeakyPlugin");
        PluginException e = assertThrows(PluginException.class, () -> PluginRegistry.load(dir));
        assertTrue(e.getMessage().contains("leaky-1.0.jar"), e.getMessage());
        assertTrue(e.getMessage().contains("class com.example.leaky.LeakyPlugin uses com.fasterxml.jackson.databind.ObjectMapper"),
                e.getMessage());
        assertTrue(e.getMessage().contains("a class of the server, which plugins cannot see"), e.getMessage());
    }

    @Test
    void aPluginForAnotherMajorSpiIsRefused() throws Exception {
        Path dir = Files.createDirectories(work.resolve("plugins"));
        SpiVersion server = SpiVersion.current();
        PluginJars.from(PluginJars.SOURCES).declaring((server.major() + 1) + ".0.0")
                .jar(dir.resolve("acme-chat-next.jar"), "com.example.docsplugins.AcmeChatPlugin");
        PluginException e = assertThrows(PluginException.class, () -> PluginRegistry.load(dir));
        assertTrue(e.getMessage().contains("acme-chat-next.jar is built for integrations SPI " + (server.major() + 1) + ".0.0"),
                e.getMessage());
        assertTrue(e.getMessage().contains("it implements SPI " + server), e.getMessage());
    }

    @Test
    void aPluginForANewerMinorIsRefusedAndAnOlderOneTaken() throws Exception {
        SpiVersion server = SpiVersion.current();
        Path newer = Files.createDirectories(work.resolve("newer"));
        PluginJars.from(PluginJars.SOURCES).declaring(server.major() + "." + (server.minor() + 1) + ".0")
                .jar(newer.resolve("acme-chat.jar"), "com.example.docsplugins.AcmeChatPlugin");
        assertThrows(PluginException.class, () -> PluginRegistry.load(newer));

        Path same = Files.createDirectories(work.resolve("same"));
        PluginJars.from(PluginJars.SOURCES).declaring(server.major() + ".0")
                .jar(same.resolve("acme-chat.jar"), "com.example.docsplugins.AcmeChatPlugin");
        assertEquals(server.major() + ".0.0", PluginRegistry.load(same).origin("acmechat").spiVersion());
    }

    @Test
    void aPluginWithoutAnSpiVersionIsRefusedSayingWhatToAdd() throws Exception {
        Path dir = Files.createDirectories(work.resolve("plugins"));
        PluginJars.from(PluginJars.SOURCES).declaring(null).jar(dir.resolve("acme-chat.jar"), "com.example.docsplugins.AcmeChatPlugin");
        PluginException e = assertThrows(PluginException.class, () -> PluginRegistry.load(dir));
        assertTrue(e.getMessage().contains("declares no SPI version: add '" + SpiVersion.MANIFEST_ATTRIBUTE + ": "
                + SpiVersion.current() + "'"), e.getMessage());
    }

    @Test
    void aFolderWithoutAPluginJarIsNamed() throws Exception {
        Path folder = Files.createDirectories(work.resolve("plugins/libs-only"));
        Files.copy(BUNDLED_JACKSON, folder.resolve("jackson-core.jar"), StandardCopyOption.REPLACE_EXISTING);
        PluginException e = assertThrows(PluginException.class, () -> PluginRegistry.load(work.resolve("plugins")));
        assertTrue(e.getMessage().contains("libs-only declares no"), e.getMessage());
    }
}
