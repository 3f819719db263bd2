package dev.docsassistant.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * Temporary folders for servers that live as long as the test JVM (a {@code @SetUpServer} has no
 * {@code @TempDir}): removed when the JVM exits, after closing what still writes into them.
 */
public final class TempDirs {
    private static final List<Path> CREATED = new CopyOnWriteArrayList<>();
    private static final List<AutoCloseable> USERS = new CopyOnWriteArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(TempDirs::cleanUp, "remove-temp-dirs"));
    }

    private TempDirs() {
    }

    public static Path create(String prefix) {
        try {
            Path dir = Files.createTempDirectory(prefix);
            CREATED.add(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Closes {@code user} (an app writing indexes into a temp folder) at exit, before the folders go. */
    public static void closeAtExit(AutoCloseable user) {
        USERS.add(user);
    }

    private static void cleanUp() {
        for (AutoCloseable user : USERS) {
            try {
                user.close();
            } catch (Exception e) {
                // Going anyway.
            }
        }
        CREATED.forEach(TempDirs::delete);
    }

    /** Removes a folder and everything in it now; walks again if a writer added files meanwhile. */
    public static void delete(Path dir) {
        for (int attempt = 0; attempt < 5 && Files.exists(dir); attempt++) {
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException | UncheckedIOException e) {
                // A file vanished under the walk: walk again.
            }
        }
    }
}
