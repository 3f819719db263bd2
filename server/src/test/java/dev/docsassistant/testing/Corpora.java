package dev.docsassistant.testing;

import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The real docs sites in {@code ../shared/corpora} (never copied into the repo), read once per test JVM.
 * Tests that use them carry {@code @Tag(Corpora.TAG)}: a plain clone's {@code bin/test} leaves them out,
 * {@code .ci/run} runs them in its second step ({@code mvn -P corpora}), where a missing corpus fails them.
 */
public final class Corpora {
    /** The JUnit tag of the tests over these corpora. */
    public static final String TAG = "corpora";

    private static final Map<String, SiteContent> READ = new ConcurrentHashMap<>();

    private Corpora() {
    }

    /** The corpus folder, found by walking up from the working directory to the folder beside the repo. */
    public static Path path(String name) {
        return shared("corpora/" + name);
    }

    /** A folder of {@code ../shared} (the corpora, the eval sets, the reference Node peer), found the same way. */
    public static Path shared(String folder) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path found = d.resolve("shared").resolve(folder);
            if (Files.isDirectory(found)) {
                return found;
            }
        }
        throw new IllegalStateException("shared/" + folder + " not found above " + Path.of("").toAbsolutePath());
    }

    public static SiteContent read(String name) {
        return READ.computeIfAbsent(name, n -> SiteReader.read(path(n)));
    }
}
