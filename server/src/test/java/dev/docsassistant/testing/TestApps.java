package dev.docsassistant.testing;

import dev.docsassistant.App;
import dev.docsassistant.Bootstrap;
import dev.docsassistant.config.AppConfig;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A real {@link App} serving both shared corpora ({@code mcp}, {@code mintlify}), built once per test JVM. */
public final class TestApps {
    private static App corpora;

    private TestApps() {
    }

    public static synchronized App corpora() {
        if (corpora == null) {
            corpora = Bootstrap.start(AppConfig.load(writeConfig("")), new PrintStream(OutputStream.nullOutputStream()));
        }
        return corpora;
    }

    /** A config file in a fresh temp folder serving both corpora; {@code extraYaml} is appended under docs-assistant. */
    public static Path writeConfig(String extraYaml) {
        try {
            Path dir = Files.createTempDirectory("docs-assistant-test-");
            Path file = dir.resolve("application.yaml");
            Files.writeString(file, """
                    docs-assistant:
                      data-dir: data
                      sites:
                        - domain: mcp
                          organization: acme
                          path: %s
                        - domain: mintlify
                          organization: other
                          path: %s
                    """.formatted(Corpora.path("mcp"), Corpora.path("mintlify")) + extraYaml.indent(2));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
