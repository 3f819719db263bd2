package dev.docsassistant.git;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code git} node from the configuration file and from the admin API's JSON, with errors naming the field. */
class GitSettingsTest {
    @TempDir
    Path temp;

    private Map<String, GitSettings> fromYaml(String git) throws Exception {
        Path file = temp.resolve("application.yaml");
        Files.writeString(file, """
                docs-assistant:
                  sites:
                    - domain: guide
                      organization: acme
                      git:
                %s
                    - domain: plain
                      organization: acme
                      path: docs
                """.formatted(git.indent(8).stripTrailing()));
        return GitSettings.ofSites(AppConfig.load(file).section());
    }

    @Test
    void defaultsFromTheConfigurationFile() throws Exception {
        Map<String, GitSettings> sites = fromYaml("url: https://github.com/acme/guide.git");
        assertEquals(Map.of("guide", GitSettings.of("https://github.com/acme/guide.git")), sites);
        GitSettings s = sites.get("guide");
        assertEquals("main", s.branch());
        assertEquals("", s.path());
        assertFalse(s.previews());
        assertEquals(Optional.empty(), s.poll());
        assertFalse(s.webhook());
        assertEquals("x-access-token", s.credentialsUser());
    }

    @Test
    void everyKeyFromTheConfigurationFile() throws Exception {
        GitSettings s = fromYaml("""
                url: https://gitlab.example.com/acme/guide.git
                branch: docs
                path: /site/docs/
                previews: true
                poll: 5m
                secret: hub-secret
                token: lab-token
                credentials-env: GUIDE_GIT_TOKEN
                credentials-user: oauth2""").get("guide");
        assertEquals(new GitSettings("https://gitlab.example.com/acme/guide.git", "docs", "site/docs", true,
                Optional.of(Duration.ofMinutes(5)), Optional.of("hub-secret"), Optional.of("lab-token"),
                Optional.of("GUIDE_GIT_TOKEN"), "oauth2"), s);
        assertTrue(s.webhook());
        assertEquals(false, s.view().containsValue("hub-secret"), "the view never shows a secret");
    }

    @Test
    void badValuesInTheFileNameTheKey() {
        assertEquals("docs-assistant.sites.0.git.url is required",
                assertThrows(ConfigException.class, () -> fromYaml("branch: main")).getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> fromYaml("url: git@github.com:acme/guide.git"))
                .getMessage().startsWith("docs-assistant.sites.0.git.url must be https"));
        assertTrue(assertThrows(ConfigException.class, () -> fromYaml("url: https://me:pw@github.com/acme/guide.git"))
                .getMessage().contains("git.url must not hold credentials"));
        assertEquals("docs-assistant.sites.0.git.branch 'a..b' is not a valid branch name",
                assertThrows(ConfigException.class, () -> fromYaml("url: /srv/guide\nbranch: a..b")).getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> fromYaml("url: /srv/guide\npath: ../etc"))
                .getMessage().startsWith("docs-assistant.sites.0.git.path must be a folder inside the repository"));
        assertTrue(assertThrows(ConfigException.class, () -> fromYaml("url: /srv/guide\npoll: 2s"))
                .getMessage().startsWith("docs-assistant.sites.0.git.poll must be at least 10s"));
        assertTrue(assertThrows(ConfigException.class, () -> fromYaml("url: /srv/guide\npoll: often"))
                .getMessage().startsWith("docs-assistant.sites.0.git.poll must be a duration"));
        assertTrue(assertThrows(ConfigException.class, () -> fromYaml("url: /srv/guide\npreviews: maybe"))
                .getMessage().startsWith("docs-assistant.sites.0.git.previews must be true or false"));
        assertTrue(assertThrows(ConfigException.class, () -> fromYaml("url: /srv/guide\ncredentials-env: $TOKEN"))
                .getMessage().startsWith("docs-assistant.sites.0.git.credentials-env must be the name of an environment variable"));
    }

    private static GitSettings json(String body) throws Exception {
        JsonNode node = Json.MAPPER.readTree(body);
        return GitSettings.fromJson(node.get("git"), "git");
    }

    @Test
    void fromTheAdminApiJson() throws Exception {
        GitSettings s = json("""
                {"git": {"url": "https://github.com/acme/guide.git", "branch": "refs/heads/live", "path": "docs",
                         "previews": true, "poll": "1m", "secret": "s"}}""");
        assertEquals("live", s.branch());
        assertEquals("docs", s.path());
        assertEquals(Optional.of(Duration.ofMinutes(1)), s.poll());
        assertEquals(Optional.of("s"), s.secret());
    }

    @Test
    void badJsonIsA400NamingTheField() {
        assertEquals("git.url is required", assertThrows(ApiException.class, () -> json("{\"git\": {}}")).getMessage());
        ApiException e = assertThrows(ApiException.class, () -> json("{\"git\": {\"url\": \"ftp://host/r\"}}"));
        assertEquals(400, e.status());
        assertTrue(e.getMessage().startsWith("git.url must be"), e.getMessage());
        assertEquals("git.previews must be true or false",
                assertThrows(ApiException.class, () -> json("{\"git\": {\"url\": \"/srv/r\", \"previews\": \"yes\"}}")).getMessage());
        assertEquals("git.branch must be a string",
                assertThrows(ApiException.class, () -> json("{\"git\": {\"url\": \"/srv/r\", \"branch\": 3}}")).getMessage());
        assertTrue(assertThrows(ApiException.class, () -> json("{\"git\": {\"url\": \"/srv/r\", \"poll\": \"soon\"}}"))
                .getMessage().startsWith("git.poll must be a duration"));
        assertTrue(assertThrows(ApiException.class, () -> json("{\"git\": {\"url\": \"/srv/r\", \"secert\": \"x\"}}"))
                .getMessage().startsWith("git.secert is not a Git setting"));
        assertEquals("git.secret must not be empty",
                assertThrows(ApiException.class, () -> json("{\"git\": {\"url\": \"/srv/r\", \"secret\": \" \"}}")).getMessage());
        assertTrue(assertThrows(ApiException.class, () -> json("{\"git\": \"https://github.com/a/b\"}"))
                .getMessage().startsWith("git must be an object"));
    }
}
