package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.Main;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.testing.CliRun;
import dev.docsassistant.testing.TempDirs;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code sites}, {@code deployments} and {@code rollback} against a running server's admin API. */
class AdminCommandsTest {

    private static CliRun run(String url, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.addAll(List.of("--server", url, "--token", DeployServer.ADMIN));
        return CliRun.of(all.toArray(String[]::new));
    }

    @Test
    void sitesAreCreatedListedAndDeleted() {
        Path dir = TempDirs.create("docs-assistant-cli-sites-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            String url = "http://dashboard.localhost:" + server.port();
            CliRun created = run(url, "sites", "create", "relay", "--org", "acme");
            assertEquals(0, created.code(), created.err());
            assertEquals("created site relay (organization acme)\n", created.out());

            CliRun listed = run(url, "sites", "list");
            assertEquals(0, listed.code(), listed.err());
            List<String> lines = listed.lines();
            assertTrue(lines.stream().anyMatch(l -> l.matches("docs +acme +dep_\\w+ +configuration")), listed.out());
            assertTrue(lines.stream().anyMatch(l -> l.matches("relay +acme +- +api")), listed.out());

            CliRun twice = run(url, "sites", "create", "relay", "--org", "acme");
            assertEquals(1, twice.code());
            assertTrue(twice.err().startsWith("refused (409): "), twice.err());

            CliRun deleted = run(url, "sites", "delete", "relay");
            assertEquals(0, deleted.code(), deleted.err());
            assertFalse(run(url, "sites", "list").out().contains("relay"));
            CliRun configured = run(url, "sites", "delete", "docs");
            assertEquals(1, configured.code());
            assertTrue(configured.err().startsWith("refused (409): "), configured.err());
            assertEquals(2, run(url, "sites", "create", "x", "--org", "acme", "--branch", "main").code(), "--branch needs --git");
        }
    }

    @Test
    void deploymentsAreListedRolledBackAndActivated() {
        Path dir = TempDirs.create("docs-assistant-cli-rollback-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            String url = "http://dashboard.localhost:" + server.port();
            assertEquals(1, run(url, "rollback", "--domain", "docs").code(), "one deployment: nothing to roll back to");
            CliRun deployed = run(url, "deploy", "--domain", "docs", DeployServer.version(dir.resolve("v2"), 2).dir().toString());
            assertEquals(0, deployed.code(), deployed.err());
            String second = deployed.out().substring(0, deployed.out().indexOf(' '));

            CliRun listed = run(url, "deployments", "list", "--domain", "docs");
            assertEquals(0, listed.code(), listed.err());
            List<String> lines = listed.lines();
            assertEquals(2, lines.size(), listed.out());
            assertTrue(lines.get(0).matches(second + " +active +\\S+ +2 pages +archive:[0-9a-f]{12} by admin"), listed.out());
            assertTrue(lines.get(1).matches("dep_\\w+ +superseded +\\S+ +1 pages +folder by config"), listed.out());
            String first = lines.get(1).substring(0, lines.get(1).indexOf(' '));

            CliRun rolledBack = run(url, "rollback", "--domain", "docs");
            assertEquals(0, rolledBack.code(), rolledBack.err());
            assertEquals(first + " is active on docs\n", rolledBack.out());
            assertEquals(404, server.page("docs", "/launch").statusCode(), "version 1 has no launch page");

            CliRun activated = run(url, "deployments", "activate", "--domain", "docs", second);
            assertEquals(0, activated.code(), activated.err());
            assertTrue(server.page("docs", "/launch").body().contains("zeppelin2"), "version 2 again");

            CliRun unknown = run(url, "deployments", "activate", "--domain", "docs", "dep_nosuch");
            assertEquals(1, unknown.code());
            assertTrue(unknown.err().startsWith("refused (404): "), unknown.err());
        }
    }

    /**
     * {@code readers jwt-key}: {@code create} prints the admin API's new pair with its private key (which
     * signs a reader in), {@code show-public} the public key kept, never a private one; a site readers
     * do not sign in to by JWT is refused.
     */
    @Test
    void theReaderJwtKeyIsMadeAndItsPublicKeyShown() throws Exception {
        Path dir = TempDirs.create("docs-assistant-cli-readers-");
        try (DeployServer server = DeployServer.start(dir, """
                  - {domain: portal, organization: acme, path: site, reader-auth: {method: jwt, jwt: {login-url: "https://app.example.com/login"}}}
                """)) {
            String url = "http://dashboard.localhost:" + server.port();
            CliRun none = run(url, "readers", "jwt-key", "show-public", "--domain", "portal");
            assertEquals(1, none.code());
            assertTrue(none.err().startsWith("refused (404): site portal has no JWT signing key yet"), none.err());

            CliRun created = run(url, "readers", "jwt-key", "create", "--domain", "portal");
            assertEquals(0, created.code(), created.err());
            JsonNode pair = Mappers.JSON.readTree(created.out());
            assertEquals("portal", pair.path("domain").asText());
            assertEquals("EdDSA", pair.path("algorithm").asText());
            assertTrue(pair.path("privateKey").asText().startsWith("-----BEGIN PRIVATE KEY-----\n"), created.out());
            assertEquals("OKP", pair.path("publicKey").path("kty").asText());

            CliRun shown = run(url, "readers", "jwt-key", "show-public", "--domain", "portal");
            assertEquals(0, shown.code(), shown.err());
            JsonNode kept = Mappers.JSON.readTree(shown.out());
            assertEquals(pair.path("keyId").asText(), kept.path("keyId").asText());
            assertEquals(pair.path("publicKey"), kept.path("publicKey"));
            assertFalse(kept.has("privateKey") || kept.path("publicKey").has("d"), "no private part: " + shown.out());

            CliRun again = run(url, "readers", "jwt-key", "create", "--domain", "portal");
            assertEquals(0, again.code(), again.err());
            assertFalse(again.out().contains(pair.path("keyId").asText()), "a new pair replaces the last");
            assertEquals(Mappers.JSON.readTree(again.out()).path("keyId"),
                    Mappers.JSON.readTree(run(url, "readers", "jwt-key", "show-public", "--domain", "portal").out()).path("keyId"));

            CliRun notJwt = run(url, "readers", "jwt-key", "create", "--domain", "docs");
            assertEquals(1, notJwt.code());
            assertTrue(notJwt.err().startsWith("refused (404): site docs has no reader-auth"), notJwt.err());
            assertEquals(2, run(url, "readers", "jwt-key", "create").code(), "--domain is required");
        }
    }

    @Test
    void theTokenComesFromTheEnvironment() throws Exception {
        Path dir = TempDirs.create("docs-assistant-cli-env-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                    "sites", "list");
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().put("DOCS_ASSISTANT_ADMIN_TOKEN", DeployServer.ADMIN);
            builder.environment().put("DOCS_ASSISTANT_SERVER", "http://dashboard.localhost:" + server.port());
            Process process = builder.start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, process.exitValue(), out);
            assertTrue(out.lines().anyMatch(l -> l.startsWith("docs ")), out);

            builder.environment().remove("DOCS_ASSISTANT_ADMIN_TOKEN");
            Process without = builder.start();
            String said = new String(without.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(without.waitFor(60, TimeUnit.SECONDS));
            assertEquals(2, without.exitValue(), said);
            assertTrue(said.contains("set DOCS_ASSISTANT_ADMIN_TOKEN"), said);
        }
    }
}
