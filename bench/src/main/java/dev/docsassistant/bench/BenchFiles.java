package dev.docsassistant.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Files the benches make for a run and remove after it. */
final class BenchFiles {
    private BenchFiles() {
    }

    /** Deletes {@code dir} and everything below it, deepest first. */
    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
