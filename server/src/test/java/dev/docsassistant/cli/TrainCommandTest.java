package dev.docsassistant.cli;

import dev.docsassistant.Main;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher's AOT training run serves the example site and gets 200 for every request it sends. */
class TrainCommandTest {
    @Test
    void trainServesTheExampleSiteAndLeavesNoTemporaryStore() throws Exception {
        List<Path> before = trainingDirs();
        PrintStream out = System.out;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            code = new CommandLine(new Main()).execute("train", "--site", "../examples/acme-docs", "--rounds", "2");
        } finally {
            System.setOut(out);
        }
        assertEquals(0, code, o.toString(StandardCharsets.UTF_8)); // a request that is not 200 fails the run
        assertTrue(o.toString(StandardCharsets.UTF_8).contains("trained on 2 rounds of requests"));
        assertEquals(before, trainingDirs(), "the temporary store is removed");
    }

    private static List<Path> trainingDirs() throws Exception {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(p -> p.getFileName().toString().startsWith("docs-assistant-train-")).sorted().toList();
        }
    }
}
