package dev.docsassistant.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes small sites into a temp folder for the rules no real corpus exercises (broken files, access groups). */
public final class TestSites {
    private final Path dir;

    public TestSites(Path dir) {
        this.dir = dir;
    }

    public TestSites file(String relative, String content) {
        try {
            Path f = dir.resolve(relative);
            Files.createDirectories(f.getParent());
            Files.writeString(f, content);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A page with front matter lines ({@code "title: X"}, …) and a body. */
    public TestSites page(String path, String body, String... frontMatter) {
        return file(path + ".mdx", "---\n" + String.join("\n", frontMatter) + "\n---\n\n" + body + "\n");
    }

    public Path dir() {
        return dir;
    }

    /** A copy of a fixture site ({@code src/test/resources/api-sites/petstore}) in {@code to}, for tests that change or index it. */
    public static TestSites copyOf(Path from, Path to) {
        try (java.util.stream.Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
            return new TestSites(to);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
