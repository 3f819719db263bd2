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

/** A real {@link App} serving both shared corpora ({@code mcp}, {@code mintlify}), built once per test JVM. */
public final class TestApps {
    private static App corpora;
    private static App keywordCorpora;
    private static final Map<String, String> KEYS = new HashMap<>();

    private TestApps() {
    }

    public static synchronized App corpora() {
        if (corpora == null) {
            corpora = Bootstrap.start(AppConfig.load(writeConfig("")), new PrintStream(OutputStream.nullOutputStream()));
            TempDirs.closeAtExit(corpora);
        }
        return corpora;
    }

    /** Both corpora searched by BM25 alone ({@code search.mode: keyword}). */
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
