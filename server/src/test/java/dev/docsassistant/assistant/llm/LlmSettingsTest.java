package dev.docsassistant.assistant.llm;

import dev.docsassistant.config.ConfigException;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LlmSettingsTest {
    private static LlmSettings read(String yaml, Map<String, String> env) {
        Config c = Config.just(ConfigSources.create(yaml, MediaTypes.APPLICATION_X_YAML));
        return LlmSettings.from(c.get("site.llm"), c.get("llm"), env::get);
    }

    @Test
    void siteKeysOverrideGlobalOnesOneByOne() {
        LlmSettings s = read("""
                llm:
                  base-url: http://localhost:11434/v1/
                  model: llama3.1
                  timeouts: {connect: 2s, total: 3m}
                site:
                  llm:
                    model: qwen2.5
                    timeouts: {first-token: 1500ms}
                """, Map.of());
        assertEquals("http://localhost:11434/v1/chat/completions", s.completionsUri().toString());
        assertEquals("qwen2.5", s.model());
        assertEquals(Duration.ofSeconds(2), s.connectTimeout());
        assertEquals(Duration.ofMillis(1500), s.firstTokenTimeout());
        assertEquals(Duration.ofMinutes(3), s.totalTimeout());
        assertTrue(s.apiKey().isEmpty(), "a local provider needs no key");
        assertTrue(s.temperature().isEmpty(), "not sent unless configured");
        assertEquals(1024, s.maxTokens());
    }

    @Test
    void theQueryRewriteIsOffByDefaultAndSetPerSite() {
        String base = "llm:\n  base-url: https://api.openai.com/v1\n  model: gpt-4o-mini\n";
        LlmSettings off = read(base, Map.of());
        assertFalse(off.rewriteQuery());
        assertEquals(Duration.ofSeconds(2), off.rewriteTimeout());
        LlmSettings on = read(base + "  rewrite-query: true\n  timeouts: {rewrite: 800ms}\n", Map.of());
        assertTrue(on.rewriteQuery());
        assertEquals(Duration.ofMillis(800), on.rewriteTimeout());
        assertFalse(read(base + "  rewrite-query: true\nsite:\n  llm: {rewrite-query: false}\n", Map.of()).rewriteQuery(),
                "a site turns it off over the global setting");
        assertTrue(read(base + "site:\n  llm: {rewrite-query: true}\n", Map.of()).rewriteQuery());
        assertEquals("llm.rewrite-query must be true or false",
                assertThrows(ConfigException.class, () -> read(base + "  rewrite-query: yes please\n", Map.of())).getMessage());
        assertEquals("llm.timeouts.rewrite must be a duration such as 500ms, 30s, 2m or PT30S",
                assertThrows(ConfigException.class, () -> read(base + "  timeouts: {rewrite: fast}\n", Map.of())).getMessage());
    }

    @Test
    void azureStyleUrlsKeepTheirQuery() {
        LlmSettings s = read("""
                llm:
                  base-url: https://acme.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-10-21
                  model: gpt-4o
                  api-key-env: AZURE_KEY
                  api-key-header: api-key
                """, Map.of("AZURE_KEY", "abc"));
        assertEquals("https://acme.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21",
                s.completionsUri().toString());
        assertEquals("api-key", s.apiKeyHeader());
    }

    @Test
    void mistakesNameTheKey() {
        String base = "llm:\n  base-url: https://api.openai.com/v1\n  model: gpt-4o-mini\n";
        assertEquals("llm.api-key: keys are not read from the configuration file; put the key in an environment variable and name it in api-key-env",
                assertThrows(ConfigException.class, () -> read(base + "  api-key: sk-123\n", Map.of())).getMessage());
        assertEquals("llm.api-key-env: environment variable OPENAI_API_KEY is not set",
                assertThrows(ConfigException.class, () -> read(base + "  api-key-env: OPENAI_API_KEY\n", Map.of())).getMessage());
        assertEquals("llm.model is required",
                assertThrows(ConfigException.class, () -> read("llm:\n  base-url: https://x.dev/v1\n", Map.of())).getMessage());
        assertEquals("llm.base-url: must be an http(s) URL, got ftp://x",
                assertThrows(ConfigException.class, () -> read("llm:\n  base-url: ftp://x\n  model: m\n", Map.of())).getMessage());
        assertEquals("llm.timeouts.total must be a duration such as 500ms, 30s, 2m or PT30S",
                assertThrows(ConfigException.class, () -> read(base + "  timeouts: {total: soon}\n", Map.of())).getMessage());
        assertEquals("llm.temperature must be between 0 and 2",
                assertThrows(ConfigException.class, () -> read(base + "  temperature: 7\n", Map.of())).getMessage());
        assertEquals("llm.temperature must be between 0 and 2",
                assertThrows(ConfigException.class, () -> read(base + "  temperature: -0.1\n", Map.of())).getMessage());
        assertEquals("llm.max-tokens must be between 1 and 1000000",
                assertThrows(ConfigException.class, () -> read(base + "  max-tokens: 0\n", Map.of())).getMessage());
        assertEquals(1, read(base + "  max-tokens: 1\n", Map.of()).maxTokens());
        assertEquals(1_000_000, read(base + "  max-tokens: 1000000\n", Map.of()).maxTokens());
        assertEquals(0, read(base + "  history-tokens: 0\n", Map.of()).historyTokens(), "no history at all is allowed");
        // The bounds themselves are valid temperatures.
        assertEquals(0.0, read(base + "  temperature: 0\n", Map.of()).temperature().getAsDouble());
        assertEquals(2.0, read(base + "  temperature: 2\n", Map.of()).temperature().getAsDouble());
        assertEquals("llm.api-key-header: not a header the HTTP client may send: Host",
                assertThrows(ConfigException.class, () -> read(base + "  api-key-header: Host\n", Map.of())).getMessage());
        assertFalse(read(base + "  api-key-env: K\n", Map.of("K", "sk-secret")).toString().contains("sk-secret"));
    }
}
