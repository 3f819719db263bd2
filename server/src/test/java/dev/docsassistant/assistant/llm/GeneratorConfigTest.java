package dev.docsassistant.assistant.llm;

import dev.docsassistant.assistant.ExtractiveGenerator;
import dev.docsassistant.assistant.FallbackGenerator;
import dev.docsassistant.assistant.Generators;
import dev.docsassistant.assistant.llm.LlmGenerator;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

class GeneratorConfigTest {
    private static Generators read(String yaml) {
        Config c = Config.just(ConfigSources.create(yaml, MediaTypes.APPLICATION_X_YAML));
        return GeneratorConfig.read(AppConfig.from(c, Path.of("..", "examples").toAbsolutePath()), Map.of("KEY", "sk-1")::get);
    }

    @Test
    void eachSiteGetsItsOwnGeneratorTheGlobalOneByDefault() {
        Generators g = read("""
                docs-assistant:
                  generator: llm
                  llm: {base-url: "http://127.0.0.1:1/v1", model: m, api-key-env: KEY}
                  sites:
                    - {domain: a, organization: o, path: acme-docs}
                    - {domain: b, organization: o, path: acme-docs, generator: extractive}
                    - {domain: c, organization: o, path: acme-docs, llm: {fallback: extractive}}
                """);
        assertInstanceOf(LlmGenerator.class, g.forSite("a"));
        assertInstanceOf(ExtractiveGenerator.class, g.forSite("b"));
        assertInstanceOf(FallbackGenerator.class, g.forSite("c"));
        assertInstanceOf(ExtractiveGenerator.class, read("""
                docs-assistant:
                  sites: [{domain: a, organization: o, path: acme-docs}]
                """).forSite("a"), "offline unless configured");
    }

    @Test
    void mistakesNameTheKey() {
        assertEquals("docs-assistant.sites.0.generator: unknown generator 'gpt' (extractive or llm)",
                assertThrows(ConfigException.class, () -> read("""
                        docs-assistant:
                          sites: [{domain: a, organization: o, path: acme-docs, generator: gpt}]
                        """)).getMessage());
        assertEquals("docs-assistant.llm.fallback: unknown fallback 'yes' (none or extractive)",
                assertThrows(ConfigException.class, () -> read("""
                        docs-assistant:
                          generator: llm
                          llm: {base-url: "http://127.0.0.1:1/v1", model: m, fallback: "yes"}
                          sites: [{domain: a, organization: o, path: acme-docs}]
                        """)).getMessage());
        ConfigException missing = assertThrows(ConfigException.class, () -> read("""
                docs-assistant:
                  generator: llm
                  llm: {base-url: "http://127.0.0.1:1/v1", model: m}
                  sites: [{domain: a, organization: o, path: acme-docs, instructions: nope.md}]
                """));
        assertEquals(true, missing.getMessage().startsWith("docs-assistant.sites.0.instructions: file not found: "), missing.getMessage());
    }
}
