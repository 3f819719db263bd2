package dev.docsassistant.testing;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Real {@link App}s for tests: over the example site in the repository ({@link #exampleSite()}, what a
 * plain clone's tests use) or over both shared corpora ({@link #corpora()}, for tests tagged
 * {@link Corpora#TAG} only).
 */
public final class TestApps {
    /** The example site in the repository: a small docs.json site made for the docs and the tests. */
    public static final Path EXAMPLE_SITE = Path.of("..", "examples", "acme-docs").toAbsolutePath().normalize();

    private static App example;
    private static App corpora;
    private static App keywordCorpora;
    private static final Map<String, String> KEYS = new HashMap<>();

    private TestApps() {
    }

    /** The example site served as domain {@code acme} of organisation {@code acme}, built once per test JVM. */
    public static synchronized App exampleSite() {
        if (example == null) {
            example = exampleSite("");
            TempDirs.closeAtExit(example);
        }
        return example;
    }

    /**
     * A fresh app, closed by the caller. {@code yaml} goes under {@code docs-assistant:} beside a fresh
     * {@code data-dir}; a copy of the example site lies at {@code site} in the config's folder, so its
     * {@code sites} entries may say {@code path: site}. Without a {@code sites:} key it serves that copy
     * as domain {@code acme} of organisation {@code acme}.
     */
    public static App exampleSite(String yaml) {
        return start(writeExampleConfig(yaml));
    }

    /** An app from a config file (e.g. {@link #writeExampleConfig} with files added), closed by the caller. */
    public static App start(Path config) {
        return Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
    }

    /** The config file {@link #exampleSite(String)} loads, for tests that start the server otherwise. */
    public static Path writeExampleConfig(String yaml) {
        try {
            Path dir = TempDirs.create("docs-assistant-test-");
            copy(EXAMPLE_SITE, dir.resolve("site"));
            String sites = yaml.contains("sites:") ? "" : "sites:\n  - {domain: acme, organization: acme, path: site}\n";
            Path file = dir.resolve("application.yaml");
            Files.writeString(file, "docs-assistant:\n  data-dir: data\n" + (yaml + "\n" + sites).indent(2));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    /** Both shared corpora; only for tests tagged {@link Corpora#TAG}. */
    public static synchronized App corpora() {
        if (corpora == null) {
            corpora = Bootstrap.start(AppConfig.load(writeConfig("")), new PrintStream(OutputStream.nullOutputStream()));
            TempDirs.closeAtExit(corpora);
        }
        return corpora;
    }

    /** Both corpora searched by BM25 alone (tests tagged {@link Corpora#TAG}) ({@code search.mode: keyword}). */
    public static synchronized App keywordCorpora() {
        if (keywordCorpora == null) {
            keywordCorpora = Bootstrap.start(AppConfig.load(writeConfig("search: {mode: keyword}")),
                    new PrintStream(OutputStream.nullOutputStream()));
        }
        return keywordCorpora;
    }

    /**
     * An {@code Authorization} header value ({@code Bearer svc_dsc_…}) with a real key of
     * {@code organization} in {@code app}'s store; made once per app and organisation. In
     * {@link #corpora()}, site {@code mcp} belongs to {@code acme} and {@code mintlify} to {@code other}.
     */
    public static synchronized String authorization(App app, String organization) {
        return KEYS.computeIfAbsent(System.identityHashCode(app) + "/" + organization, k ->
                "Bearer " + app.keys().create(organization, Optional.empty(), List.of(), "test").secret());
    }

    /** A config file in a fresh temp folder serving both corpora; {@code extraYaml} is appended under docs-assistant. */
    public static Path writeConfig(String extraYaml) {
        try {
            Path dir = TempDirs.create("docs-assistant-test-");
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
