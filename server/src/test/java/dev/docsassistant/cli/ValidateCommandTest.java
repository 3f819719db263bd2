package dev.docsassistant.cli;

import dev.docsassistant.Main;
import dev.docsassistant.testing.Corpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValidateCommandTest {
    record Run(int exit, String out) {
    }

    private static synchronized Run run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            int exit = new CommandLine(new Main()).execute(args);
            return new Run(exit, buffer.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void printsErrorsThenWarningsAndExitsOneOnErrors(@TempDir Path dir) throws Exception {
        Path docs = Files.writeString(dir.resolve("docs.json"), """
                {"name": "Demo", "integrations": {
                  "ga4": {"measurementId": "UA-1234", "debug": true},
                  "intercom": {"appId": "abc"},
                  "hotjar": {"hjid": "12x"},
                  "fullstory": {"orgId": "o-1"}}}""");
        Run run = run("validate", docs.toString(), "--plugins-dir", Files.createDirectory(dir.resolve("plugins")).toString());
        assertEquals(1, run.exit());
        assertEquals("""
                docs.json#/integrations/ga4/measurementId: Must start with G
                docs.json#/integrations/intercom/appId: Must be a valid Intercom app ID
                docs.json#/integrations/hotjar/hjid: Must contain only digits
                docs.json#/integrations/hotjar/hjsv: This field is required
                docs.json#/integrations/fullstory: Unrecognized key(s) in object: 'fullstory'
                warning: docs.json#/integrations/ga4/debug: Unknown field 'debug' in ga4 (ignored)
                """, run.out());
    }

    @Test
    void warningsAloneExitZeroAndSiteProblemsAreWarnings(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("docs.json"), """
                {"name": "Demo", "navigation": {"pages": ["index", "missing"]},
                 "integrations": {"plausible": {"domain": "docs.example.com", "trackOutbound": true}}}""");
        Files.writeString(dir.resolve("index.mdx"), "import X from '/snippets/none.mdx';\n\n# Home\n\n<X />\n");
        Run run = run("validate", dir.toString(), "--plugins-dir", Files.createDirectory(dir.resolve("plugins")).toString());
        assertEquals(0, run.exit(), run.out());
        assertTrue(run.out().startsWith("warning: docs.json#/integrations/plausible/trackOutbound: Unknown field"), run.out());
        assertTrue(run.out().contains("warning: docs.json#/navigation/pages/1: page 'missing' has no file"), run.out());
        assertTrue(run.out().contains("warning: index.mdx (import): snippet not found"), run.out());
    }

    @Test
    void unreadableDocsJsonIsAnError(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("docs.json"), "{\"name\": ");
        Run run = run("validate", dir.resolve("docs.json").toString(), "--format", "json",
                "--plugins-dir", Files.createDirectory(dir.resolve("plugins")).toString());
        assertEquals(1, run.exit());
        assertTrue(run.out().contains("\"valid\":false") && run.out().contains("invalid JSON"), run.out());
    }

    @Tag(Corpora.TAG)
    @Test
    void bothSharedCorporaValidateWithoutErrors() {
        Run run = run("validate", Corpora.path("mcp").toString(), Corpora.path("mintlify").toString(), "--format", "json",
                "--plugins-dir", Corpora.path("mcp").toString());
        assertEquals(0, run.exit(), run.out());
        assertTrue(run.out().contains("\"valid\":true"), run.out());
    }

    @Test
    void schemaPrintsTheJsonSchema(@TempDir Path dir) throws Exception {
        Run run = run("schema", "--plugins-dir", dir.toString());
        assertEquals(0, run.exit());
        assertTrue(run.out().contains("\"$schema\" : \"https://json-schema.org/draft/2020-12/schema\""), run.out());
        assertTrue(run.out().contains("\"posthog\""));
    }
}
