package dev.docsassistant.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Programs of the machine a test runs (installed by {@code bin/test-services}), found on PATH or in /usr/sbin. */
public final class MachineCommands {
    private MachineCommands() {
    }

    public static Optional<Path> locate(String command) {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/sbin" + File.pathSeparator + "/sbin";
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return Optional.of(Path.of(dir, command));
            }
        }
        return Optional.empty();
    }

    public static boolean onPath(String command) {
        return locate(command).isPresent();
    }
}
