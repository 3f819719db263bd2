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
}
