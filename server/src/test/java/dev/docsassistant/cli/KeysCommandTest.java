package dev.docsassistant.cli;

import dev.docsassistant.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code keys} commands as an operator runs them, on a real store. */
class KeysCommandTest {
    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    private Run run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = new CommandLine(new Main()).execute(args);
            return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
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
        Run created = run("keys", "create", "--config", c, "--org", "acme", "--expires", "30d", "--origins", "https://a.example,https://b.example");
        assertEquals(0, created.code(), created.err());
        String key = created.lines().getLast();
        assertTrue(key.matches("svc_dsc_[A-Za-z0-9_-]{43}"), "the key is the last line: " + created.out());
        String id = created.out().replaceAll("(?s).*created key (key_\\S+) .*", "$1");

        Run listed = run("keys", "list", "--config", c);
        assertEquals(0, listed.code());
        assertTrue(listed.out().contains(id) && listed.out().contains("active") && listed.out().contains("https://a.example,https://b.example"), listed.out());
        assertFalse(listed.out().contains(key.substring(12)), "list never shows the key");
        assertTrue(listed.out().contains(key.substring(0, 12) + "…"), "but its display prefix");

        Run revoked = run("keys", "revoke", "--config", c, id);
        assertEquals(0, revoked.code());
        assertTrue(run("keys", "list", "--config", c, "--org", "acme").out().contains("revoked"));
        assertEquals(1, run("keys", "revoke", "--config", c, "key_nope").code());

        Run unknownOrg = run("keys", "create", "--config", c, "--org", "nobody");
        assertEquals(2, unknownOrg.code());
        assertTrue(unknownOrg.err().contains("organization: 'nobody' owns no configured site (configured: acme)"), unknownOrg.err());
        Run badExpiry = run("keys", "create", "--config", c, "--org", "acme", "--expires", "-3d");
        assertEquals(2, badExpiry.code());
        assertTrue(badExpiry.err().contains("expires:"), badExpiry.err());
        Run badOrigin = run("keys", "create", "--config", c, "--org", "acme", "--origins", "a.example");
        assertEquals(2, badOrigin.code());
        assertTrue(badOrigin.err().contains("origins:"), badOrigin.err());

        Run grouped = run("keys", "create", "--config", c, "--org", "acme", "--groups", "staff, partners");
        assertEquals(0, grouped.code(), grouped.err());
        assertTrue(grouped.out().contains("access groups staff, partners"), grouped.out());
        assertTrue(run("keys", "list", "--config", c).out().contains("staff,partners"), "list shows a key's groups");
        Run badGroup = run("keys", "create", "--config", c, "--org", "acme", "--groups", "x".repeat(101));
        assertEquals(2, badGroup.code());
        assertTrue(badGroup.err().contains("groups[0] must be at most 100 characters"), badGroup.err());

        Run generated = run("keys", "generate");
        assertTrue(generated.out().trim().matches("svc_dsc_[A-Za-z0-9_-]{43}"));
    }
}
