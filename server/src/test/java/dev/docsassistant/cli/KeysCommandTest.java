package dev.docsassistant.cli;

import dev.docsassistant.testing.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code keys} commands as an operator runs them, on a real store. */
class KeysCommandTest {
    @TempDir
    Path dir;


    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void createListRevoke() throws Exception {
        Path config = dir.resolve("app.yaml");
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  sites:
                    - {domain: docs, organization: acme, path: site}
                """);
        String c = config.toString();
        CliRun created = run("keys", "create", "--config", c, "--org", "acme", "--expires", "30d", "--origins", "https://a.example,https://b.example");
        assertEquals(0, created.code(), created.err());
        String key = created.lines().getLast();
        assertTrue(key.matches("svc_dsc_[A-Za-z0-9_-]{43}"), "the key is the last line: " + created.out());
        String id = created.out().replaceAll("(?s).*created key (key_\\S+) .*", "$1");

        CliRun listed = run("keys", "list", "--config", c);
        assertEquals(0, listed.code());
        assertTrue(listed.out().contains(id) && listed.out().contains("active") && listed.out().contains("https://a.example,https://b.example"), listed.out());
        assertFalse(listed.out().contains(key.substring(12)), "list never shows the key");
        assertTrue(listed.out().contains(key.substring(0, 12) + "…"), "but its display prefix");

        CliRun revoked = run("keys", "revoke", "--config", c, id);
        assertEquals(0, revoked.code());
        assertTrue(run("keys", "list", "--config", c, "--org", "acme").out().contains("revoked"));
        assertEquals(1, run("keys", "revoke", "--config", c, "key_nope").code());

        CliRun unknownOrg = run("keys", "create", "--config", c, "--org", "nobody");
        assertEquals(2, unknownOrg.code());
        assertTrue(unknownOrg.err().contains("organization: 'nobody' owns no site (sites are owned by: acme)"), unknownOrg.err());
        CliRun badExpiry = run("keys", "create", "--config", c, "--org", "acme", "--expires", "-3d");
        assertEquals(2, badExpiry.code());
        assertTrue(badExpiry.err().contains("expires:"), badExpiry.err());
        CliRun badOrigin = run("keys", "create", "--config", c, "--org", "acme", "--origins", "a.example");
        assertEquals(2, badOrigin.code());
        assertTrue(badOrigin.err().contains("origins:"), badOrigin.err());

        CliRun grouped = run("keys", "create", "--config", c, "--org", "acme", "--groups", "staff, partners");
        assertEquals(0, grouped.code(), grouped.err());
        assertTrue(grouped.out().contains("access groups staff, partners"), grouped.out());
        assertTrue(run("keys", "list", "--config", c).out().contains("staff,partners"), "list shows a key's groups");
        CliRun badGroup = run("keys", "create", "--config", c, "--org", "acme", "--groups", "x".repeat(101));
        assertEquals(2, badGroup.code());
        assertTrue(badGroup.err().contains("groups[0] must be at most 100 characters"), badGroup.err());

        CliRun generated = run("keys", "generate");
        assertTrue(generated.out().trim().matches("svc_dsc_[A-Za-z0-9_-]{43}"));
    }
}
