package dev.docsassistant.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AppConfigTest {

    @Test
    void resolvesPathsAgainstTheConfigFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("conf/app.yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                docs-assistant:
                  data-dir: ../state
                  sites:
                    - domain: mcp
                      organization: acme
                      path: ../sites/mcp
                      url: https://docs.example.com/
                """);
        AppConfig config = AppConfig.load(file);
        assertEquals(dir.resolve("state").toAbsolutePath(), config.dataDir());
        assertEquals(1, config.sites().size());
        SiteConfig site = config.sites().getFirst();
        assertEquals("mcp", site.domain());
        assertEquals("acme", site.organization());
        assertEquals(dir.resolve("sites/mcp").toAbsolutePath(), site.path());
        assertEquals("https://docs.example.com", site.url().orElseThrow());
    }

    @Test
    void namesTheMissingKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("app.yaml");
        Files.writeString(file, """
                docs-assistant:
                  sites:
                    - domain: mcp
                      path: x
                """);
        ConfigException e = assertThrows(ConfigException.class, () -> AppConfig.load(file));
        assertTrue(e.getMessage().contains("organization"), e.getMessage());
    }

    @Test
    void rejectsDuplicateDomains(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("app.yaml");
        Files.writeString(file, """
                docs-assistant:
                  sites:
                    - {domain: a, organization: o, path: x}
                    - {domain: a, organization: o, path: y}
                """);
        assertThrows(ConfigException.class, () -> AppConfig.load(file));
    }

    @Test
    void refusesADomainThatLooksLikeAPreviewHost(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("app.yaml");
        Files.writeString(file, """
                docs-assistant:
                  sites:
                    - {domain: docs--pr-1, organization: o, path: x}
                """);
        ConfigException e = assertThrows(ConfigException.class, () -> AppConfig.load(file));
        assertTrue(e.getMessage().contains("domain: 'docs--pr-1' must not hold '--'"), e.getMessage());
    }

    @Test
    void refusesToStartOnAnUnresolvedReferenceNamingTheKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("app.yaml");
        Files.writeString(file, """
                docs-assistant:
                  security:
                    admin-token: ${DOCS_ASSISTANT_TEST_NEVER_SET_7F3A}
                  sites:
                    - {domain: a, organization: o, path: x}
                """);
        ConfigException e = assertThrows(ConfigException.class, () -> AppConfig.load(file));
        assertTrue(e.getMessage().startsWith("docs-assistant.security.admin-token refers to ${DOCS_ASSISTANT_TEST_NEVER_SET_7F3A}, which is not set"),
                e.getMessage());
    }

    @Test
    void refusesAnUnresolvedReferenceInsideAValueAndAList(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("app.yaml");
        Files.writeString(file, """
                docs-assistant:
                  sites:
                    - {domain: a, organization: o, path: x, url: "https://${DOCS_ASSISTANT_TEST_HOST_7F3A}/docs"}
                """);
        ConfigException e = assertThrows(ConfigException.class, () -> AppConfig.load(file));
        assertTrue(e.getMessage().startsWith("docs-assistant.sites.0.url refers to ${DOCS_ASSISTANT_TEST_HOST_7F3A}"), e.getMessage());
    }

    @Test
    void resolvedReferencesStillWork(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("app.yaml");
        Files.writeString(file, """
                base: state
                docs-assistant:
                  data-dir: ${base}
                  sites:
                    - {domain: a, organization: o, path: x}
                """);
        assertEquals(dir.resolve("state").toAbsolutePath(), AppConfig.load(file).dataDir());
    }

    @Test
    void aSiteIsAFolderOrAGitRepositoryAndOnlyAFolderIsWatched(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("application.yaml");
        Files.writeString(file, """
                docs-assistant:
                  sites:
                    - {domain: folder, organization: acme, path: docs, watch: true}
                    - {domain: repo, organization: acme, git: {url: "https://example.com/acme/docs.git"}}
                """);
        AppConfig config = AppConfig.load(file);
        assertEquals(dir.resolve("docs").toAbsolutePath(), config.sites().get(0).path());
        assertTrue(config.sites().get(0).watch());
        assertTrue(config.sites().get(1).fromGit(), "a site with git alone is valid");
        assertFalse(config.sites().get(1).watch());

        Map<String, String> refused = Map.of(
                "{domain: both, organization: acme, path: docs, git: {url: \"https://example.com/d.git\"}}",
                "docs-assistant.sites.0: give path (a folder) or git (a repository), not both",
                "{domain: neither, organization: acme}",
                "docs-assistant.sites.0.path is required (the docs folder), unless the site has git (a repository)",
                "{domain: watched, organization: acme, watch: true, git: {url: \"https://example.com/d.git\"}}",
                "docs-assistant.sites.0.watch: only a site with a path is watched; a git site is deployed by its webhook or git.poll",
                "{domain: watched, organization: acme, path: docs, watch: maybe}",
                "docs-assistant.sites.0.watch must be true or false, not 'maybe'");
        for (Map.Entry<String, String> e : refused.entrySet()) {
            Files.writeString(file, "docs-assistant:\n  sites:\n    - " + e.getKey() + "\n");
            assertEquals(e.getValue(), assertThrows(ConfigException.class, () -> AppConfig.load(file)).getMessage(), e.getKey());
        }
    }
}
