package dev.docsassistant.app;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.request.AssistantLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SettingsTest {
    private static Settings settings(Path dir, String yaml) throws Exception {
        Path file = dir.resolve("app.yaml");
        Files.writeString(file, yaml);
        return Settings.create(AppConfig.load(file));
    }

    @Test
    void anEmptySectionIsEveryRecordsDefaults(@TempDir Path dir) throws Exception {
        Settings s = settings(dir, "docs-assistant:\n  sites: []\n");
        assertEquals(AssistantLimits.DEFAULTS, s.limits());
        assertFalse(s.threads().requireKey());
        assertEquals(Duration.ofDays(90), s.retention().conversations());
        assertEquals(Duration.ofHours(12), s.dashboard().sessionTtl());
        assertEquals("localhost", s.siteHost().name());
        assertEquals(Optional.empty(), s.store().url());
        assertEquals(Duration.ofMillis(500), s.redis().timeout());
        assertFalse(s.integrations().allowPrivateHosts());
    }

    @Test
    void eachRecordReadsItsOwnNode(@TempDir Path dir) throws Exception {
        Settings s = settings(dir, """
                docs-assistant:
                  limits: {max-messages: 7}
                  threads: {require-key: true}
                  retention: {conversations: 30d}
                  dashboard: {url: "https://admin.example.com/", session-ttl: 2h}
                  site-host: Docs.Example
                  plugins-dir: plugins.d
                  store: {pool-size: 3, idle-timeout: PT5M}
                  sites: []
                """);
        assertEquals(7, s.limits().maxMessages());
        assertEquals(AssistantLimits.DEFAULTS.maxTextChars(), s.limits().maxTextChars());
        assertTrue(s.threads().requireKey());
        assertEquals(Duration.ofDays(30), s.retention().conversations());
        assertEquals(Optional.of("https://admin.example.com"), s.dashboard().url());
        assertTrue(s.dashboard().https());
        assertEquals(Duration.ofHours(2), s.dashboard().sessionTtl());
        assertEquals("docs.example", s.siteHost().name());
        assertEquals(Optional.of(dir.resolve("plugins.d").toAbsolutePath().normalize()), s.integrations().pluginsDir());
        assertEquals(3, s.store().pool().size());
        assertEquals(Duration.ofMinutes(5), s.store().pool().idleTimeout());
    }

    @Test
    void aBadValueNamesItsKey(@TempDir Path dir) {
        ConfigException flag = assertThrows(ConfigException.class, () -> settings(dir,
                "docs-assistant:\n  threads: {require-key: yes please}\n  sites: []\n"));
        assertEquals("docs-assistant.threads.require-key must be true or false, not 'yes please'", flag.getMessage());
        ConfigException duration = assertThrows(ConfigException.class, () -> settings(dir,
                "docs-assistant:\n  retention: {conversations: soon}\n  sites: []\n"));
        assertTrue(duration.getMessage().startsWith("docs-assistant.retention.conversations must be a duration"),
                duration.getMessage());
    }
}
