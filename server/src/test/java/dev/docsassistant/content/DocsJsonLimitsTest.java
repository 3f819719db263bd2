package dev.docsassistant.content;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs.json and the files it includes are bounded before they are parsed; each limit is a problem of its file. */
class DocsJsonLimitsTest {
    @TempDir
    Path dir;

    private List<SiteProblem> read() {
        List<SiteProblem> problems = new ArrayList<>();
        DocsJson.read(dir, problems);
        return problems;
    }

    @Test
    void deepNestingIsReportedWhereItGoesTooDeepWithoutTheParsersWords() throws Exception {
        Files.writeString(dir.resolve("docs.json"), "{\"name\": \"x\",\n\"nav\": " + "[".repeat(100_000) + "]".repeat(100_000) + "}");
        List<SiteProblem> problems = read();
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("docs.json", problems.getFirst().file());
        assertEquals("nested deeper than 200 levels", problems.getFirst().message());
        assertTrue(problems.getFirst().location().startsWith("line 2, column 2"), problems.getFirst().location());
    }

    @Test
    void anEmptyFileIsAProblemNotAnError() throws Exception {
        Files.writeString(dir.resolve("docs.json"), "");
        List<SiteProblem> problems = new ArrayList<>();
        assertNull(DocsJson.read(dir, problems));
        assertEquals("invalid JSON: the file is empty", problems.getFirst().message());
    }

    @Test
    void includedFilesCountTowardsTheSizeAndTheirDepthIsBounded() throws Exception {
        // A chain of includes deeper than the limit.
        Files.writeString(dir.resolve("docs.json"), "{\"name\": \"x\", \"a\": {\"$ref\": \"r0.json\"}}");
        for (int i = 0; i < 40; i++) {
            Files.writeString(dir.resolve("r" + i + ".json"), "{\"b\": {\"$ref\": \"r" + (i + 1) + ".json\"}}");
        }
        Files.writeString(dir.resolve("r40.json"), "{}");
        List<SiteProblem> problems = read();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.getFirst().message().startsWith("$ref included more than 16 files deep"), problems.toString());

        // The same 3 MiB file included twice: over 4 MiB in all.
        Files.writeString(dir.resolve("big.json"), "[\"" + "x".repeat(3 << 20) + "\"]");
        Files.writeString(dir.resolve("docs.json"), "{\"a\": {\"$ref\": \"big.json\"}, \"b\": {\"$ref\": \"big.json\"}}");
        problems = read();
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("big.json", problems.getFirst().file());
        assertTrue(problems.getFirst().message().startsWith("with the files it is included by, larger than 4 MiB"), problems.toString());
    }
}
