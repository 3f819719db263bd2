package dev.docsassistant.integrations;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.cli.PluginsCommand;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example external plugin of {@code examples/plugin-example}, built here from its own sources,
 * service file and declared SPI version as its Maven build would, then loaded from a plugins directory.
 */
class ExamplePluginTest {
    private static final Path EXAMPLE = Path.of("../examples/plugin-example");

    @TempDir
    static Path plugins;
    static PluginRegistry registry;

    @BeforeAll
    static void buildAndLoad() throws Exception {
        String pom = Files.readString(EXAMPLE.resolve("pom.xml"));
        Matcher spi = Pattern.compile("<docs-assistant-spi.version>([^<]+)</docs-assistant-spi.version>").matcher(pom);
        assertTrue(spi.find(), "the example's pom names the SPI version it is built for");
        String[] services = Files.readAllLines(EXAMPLE.resolve(
                "src/main/resources/META-INF/services/dev.docsassistant.integrations.spi.IntegrationPlugin")).stream()
                .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toArray(String[]::new);
        PluginJars.from(EXAMPLE.resolve("src/main/java")).declaring(spi.group(1))
                .jar(plugins.resolve("docs-assistant-crisp-plugin-1.0.0.jar"), services);
        registry = PluginRegistry.load(plugins);
    }

    @Test
    void loadsFromThePluginsDirectoryAndRendersItsSnippet() throws Exception {
        assertEquals("docs-assistant-crisp-plugin-1.0.0.jar", registry.source("crisp"));
        Integrations integrations = new Integrations(registry);
        RenderedIntegrations page = integrations.render(new ObjectMapper().readTree(
                "{\"crisp\": {\"websiteId\": \"2f1e0c7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b\"}}"));
        assertTrue(page.bodyEnd().contains("window.CRISP_WEBSITE_ID=\"2f1e0c7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b\""), page.bodyEnd());
        assertEquals(List.of("client.crisp.chat", "settings.crisp.chat"), page.hosts("script-src"));
        assertEquals(List.of("/integrations/crisp/websiteId: Must be a Crisp website ID (a UUID)"),
                integrations.validate(new ObjectMapper().readTree("{\"crisp\": {\"websiteId\": \"x\\\"><script>\"}}"))
                        .stream().map(Object::toString).toList());
    }

    @Test
    void thePluginsCommandListsIt() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PluginsCommand.print(registry, new PrintStream(out, true, StandardCharsets.UTF_8));
        String listing = out.toString(StandardCharsets.UTF_8);
        String row = listing.lines().filter(l -> l.startsWith("crisp ")).findFirst().orElseThrow(() -> new AssertionError(listing));
        assertTrue(row.matches("crisp\\s+com\\.example\\.docs\\.crisp\\.CrispPlugin\\s+docs-assistant-crisp-plugin-1\\.0\\.0\\.jar\\s+1\\.0\\.0"
                + "\\s+no\\s+script-src client\\.crisp\\.chat settings\\.crisp\\.chat; connect-src .*"), row);
        String ga4 = listing.lines().filter(l -> l.startsWith("ga4 ")).findFirst().orElseThrow();
        assertTrue(ga4.matches("ga4\\s+dev\\.docsassistant\\.plugins\\.Ga4Plugin\\s+\\S+\\s+1\\.0\\.0\\s+yes\\s+script-src www\\.googletagmanager\\.com.*"), ga4);
        assertTrue(listing.contains(registry.all().size() + " integrations; this server implements integrations SPI 1.0.0"), listing);
    }
}
