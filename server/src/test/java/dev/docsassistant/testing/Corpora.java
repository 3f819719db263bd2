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
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path corpus = d.resolve("shared/corpora").resolve(name);
            if (Files.isDirectory(corpus)) {
                return corpus;
            }
        }
        throw new IllegalStateException("shared/corpora/" + name + " not found above " + Path.of("").toAbsolutePath());
    }

    public static SiteContent read(String name) {
        return READ.computeIfAbsent(name, n -> SiteReader.read(path(n)));
    }
}
