package dev.docsassistant.cli;

import dev.docsassistant.Main;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code index} builds the indexes ahead of time and lists every problem of the sources. */
class IndexCommandTest {
    @TempDir
    Path dir;

    /** A site whose navigation names 25 pages without a file, besides one real page. */
    static Path brokenSite(Path dir) throws Exception {
        String missing = IntStream.range(0, 25).mapToObj(i -> ", \"gone-" + i + "\"").reduce("", String::concat);
        new TestSites(dir.resolve("site")).file("docs.json", "{\"name\": \"Docs\", \"navigation\": {\"pages\": [\"index\"" + missing + "]}}")
                .page("index", "Deliveries are retried with backoff.", "title: Home");
        Path config = dir.resolve("app.yaml");
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  site-pages: {page-keys: false}
                  sites:
                    - {domain: docs, organization: acme, path: site}
                """);
        return config;
    }

    private static String run(String... args) {
        PrintStream out = System.out;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            assertEquals(0, new CommandLine(new Main()).execute(args));
            return o.toString(StandardCharsets.UTF_8);
        } finally {
            System.setOut(out);
        }
    }

    @Test
    void indexBuildsTheIndexAndListsEveryProblem() throws Exception {
        String config = brokenSite(dir).toString();
        String first = run("index", "--config", config);
        // Embedding progress lines (hybrid search) come and go with the cache; the report is the rest.
        List<String> lines = first.lines().filter(l -> !l.matches("site docs: embedd(ing|ed) .*")).toList();
        assertTrue(lines.getFirst().matches("site docs: 1 pages \\(1 searchable\\), 1 sections, indexed in [0-9.]+ s( \\([^)]*embedded[^)]*\\))?, 25 problems"), first);
        // Start-up lists 20 and counts the rest; index then lists them all.
        assertEquals(20, lines.stream().filter(l -> l.startsWith("  skipped or suspect: docs.json")).count(), first);
        assertTrue(lines.contains("  ... and 5 more (bin/docs-assistant index lists them all)"), first);
        int all = lines.indexOf("all problems of site docs:");
        assertTrue(all > 0, first);
        for (int i = 0; i < 25; i++) {
            String page = "gone-" + i;
            assertTrue(lines.subList(all, lines.size()).stream().anyMatch(l -> l.contains("page '" + page + "' has no file")), page + "\n" + first);
        }
        assertTrue(lines.getLast().matches("1 site\\(s\\) ready in [0-9.]+ s"), first);
        try (var deployments = Files.list(dir.resolve("data/deployments/docs"))) {
            assertTrue(deployments.anyMatch(d -> Files.isDirectory(d.resolve("index"))), "the index is on disk");
        }

        String second = run("index", "--config", config);
        assertTrue(second.lines().findFirst().orElseThrow().contains("index reused"), "a second run reuses it: " + second);
    }
}
