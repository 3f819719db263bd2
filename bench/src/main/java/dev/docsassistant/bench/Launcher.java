package dev.docsassistant.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** {@code bin/docs-assistant} as the benches that measure a real server process run it. */
final class Launcher {
    private Launcher() {
    }

    static String path() {
        return Path.of("bin", "docs-assistant").toAbsolutePath().toString();
    }

    /** Runs a command to its end and returns what it printed; a failure stops the bench with that output. */
    static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + out);
        }
        return out;
    }

    /** A new key of organisation {@code bench} in the store of {@code config} (the last line {@code keys create} prints). */
    static String createKey(Path config) throws Exception {
        String[] lines = run(path(), "keys", "create", "--org", "bench", "--config", config.toString()).strip().split("\n");
        return lines[lines.length - 1].strip();
    }
}
