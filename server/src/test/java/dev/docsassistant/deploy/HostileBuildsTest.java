package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.Progress;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile content through uploads: every build ends, active or failed with a problem naming the file,
 * where it goes wrong and what is wrong, and nothing about the parser that found it.
 */
class HostileBuildsTest {
    private static DeployServer server;
    private static Path dir;

    @BeforeAll
    static void start() {
        dir = TempDirs.create("docs-assistant-hostile-");
        server = DeployServer.start(dir.resolve("server"), "");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static TestSites site(String name, String docsJson) {
        return new TestSites(dir.resolve(name)).file("docs.json", docsJson).page("index", "Hello.", "title: Home");
    }

    private static JsonNode problem(JsonNode deployment, String file) {
        for (JsonNode p : deployment.path("problems")) {
            if (p.path("file").asText().equals(file)) {
                return p;
            }
        }
        throw new AssertionError("no problem of " + file + ": " + deployment);
    }

    @Test
    void aDocsJsonNestedTooDeepIsAProblemOfThatFileAtItsPlace() {
        String nested = "[".repeat(100_000) + "]".repeat(100_000);
        JsonNode d = server.deploy("docs", site("nested", "{\"name\": \"Deep\", \"navigation\": {\"pages\": [\"index\"]},\n \"x\": "
                + nested + "}").dir());
        assertEquals("failed", d.path("status").asText(), d.toString());
        JsonNode problem = problem(d, "docs.json");
        assertTrue(problem.path("message").asText().contains("nested deeper than 200 levels"), problem.toString());
        assertTrue(problem.path("location").asText().startsWith("line 2"), problem.toString());
        assertFalse(d.toString().contains("Exception") || d.toString().contains("StreamReadConstraints"), d.toString());
    }

    @Test
    void aDocsJsonOverItsSizeIsRefusedBeforeItIsParsed() {
        // Random names, so the upload does not compress like a bomb: 5 MiB of navigation.
        Random random = new Random(7);
        StringBuilder pages = new StringBuilder();
        while (pages.length() < 5 << 20) {
            pages.append("\"p").append(Long.toHexString(random.nextLong())).append(Long.toHexString(random.nextLong())).append("\",");
        }
        JsonNode d = server.deploy("docs", site("big", "{\"name\": \"Big\", \"navigation\": {\"pages\": [" + pages + "\"index\"]}}").dir());
        assertEquals("failed", d.path("status").asText(), d.toString());
        assertTrue(problem(d, "docs.json").path("message").asText().startsWith("larger than 4 MiB"), d.toString());
    }

    @Test
    void pagesNestedTooDeepAreProblemsAtTheirLine() {
        String quotes = "Intro.\n\n" + "> ".repeat(50_000) + "deep quote\n";
        String notes = "<Note>\n".repeat(20_000) + "deep note\n" + "</Note>\n".repeat(20_000);
        JsonNode d = server.deploy("docs", site("mdx", "{\"name\": \"Deep\", \"navigation\": {\"pages\": [\"index\", \"quotes\", \"notes\"]}}")
                .page("quotes", quotes, "title: Quotes").page("notes", notes, "title: Notes").dir());
        assertEquals("failed", d.path("status").asText(), d.toString());
        JsonNode q = problem(d, "quotes.mdx");
        assertEquals("line 7, column 1", q.path("location").asText(), q.toString());
        assertTrue(q.path("message").asText().contains("nested 50000 deep (at most 32)"), q.toString());
        JsonNode n = problem(d, "notes.mdx");
        assertEquals("line 37, column 1", n.path("location").asText(), n.toString());
        assertTrue(n.path("message").asText().contains("components nested more than 32 deep"), n.toString());
    }

    @Test
    void aBuildThatDiesOfAnErrorEndsFailedWithAReasonAndALogLine() {
        Path folder = site("error", "{\"name\": \"Err\", \"navigation\": {\"pages\": [\"index\"]}}").dir();
        Progress dying = (site, phase, done, total) -> {
            throw new OutOfMemoryError("Java heap space");
        };
        try (CapturedLogs logs = CapturedLogs.all()) {
            assertThrows(Throwable.class, () -> server.app.deployments().deployConfigured(
                    new SiteConfig("dying", "acme", folder, Optional.empty()), dying));
            var listed = server.app.deployments().list("dying");
            assertEquals(1, listed.size(), listed.toString());
            assertEquals("failed", listed.getFirst().status().toString().toLowerCase(java.util.Locale.ROOT), listed.toString());
            assertTrue(listed.getFirst().errors().toString().contains("the build failed: OutOfMemoryError: Java heap space"),
                    listed.getFirst().errors().toString());
            assertTrue(logs.messages().stream().anyMatch(m -> m.contains("site dying: deployment " + listed.getFirst().id()
                    + " could not be built")), logs.messages().toString());
        }
    }
}
