package dev.docsassistant.bench;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The real application over both shared corpora, with its store and indexes in a fresh temporary
 * folder; embeddings come from the benches' shared cache ({@link SearchEval#EMBEDDINGS}).
 */
final class BenchApps {
    private BenchApps() {
    }

    /** @param extraYaml appended under {@code docs-assistant:} (limits, stream settings) */
    static App corpora(String extraYaml) throws IOException {
        Path dir = Files.createTempDirectory("docs-assistant-bench-");
        Path config = dir.resolve("application.yaml");
        Files.writeString(config, corporaYaml(extraYaml));
        return Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
    }

    /** Limits out of the way: a benchmark sends far more requests from one address than a reader would. */
    /**
     * A configuration serving both shared corpora to organisation {@code bench}, with the benches' one
     * embedding cache, and {@code extraYaml} appended under {@code docs-assistant:}. Every vector is in
     * before the server serves (no background embedding): the benches measure a settled server.
     */
    /**
     * Both corpora without limits, served as the load benches compare servers: search {@code mode}, the question
     * cache on or off, and {@code moreSearch} ({@code "key: value, "} pairs, or empty) in the search settings.
     */
    static String corporaYaml(String mode, boolean questionCache, String moreSearch) {
        return corporaYaml(UNLIMITED).replace("search: {", "search: {mode: " + mode + ", question-cache: " + questionCache + ", " + moreSearch);
    }

    static String corporaYaml(String extraYaml) {
        return """
                docs-assistant:
                  data-dir: data
                  search: {embedding-cache: %s, embed-in-background: false}
                  sites:
                    - domain: mcp
                      organization: bench
                      path: %s
                    - domain: mintlify
                      organization: bench
                      path: %s
                """.formatted(SearchEval.EMBEDDINGS.toAbsolutePath(), DevSet.corpus("mcp").toAbsolutePath(),
                DevSet.corpus("mintlify").toAbsolutePath()) + extraYaml.indent(2);
    }

    static final String UNLIMITED = """
            limits:
              organization-per-hour: 1000000000
              ip-per-day: 1000000000
            """;

    /** Headers that authorise a benchmark client on the bench organisation's sites, with a key made for it. */
    static AssistantLatency.Headers apiHeaders(App app) {
        String authorization = authorization(app);
        return request -> request.header("authorization", authorization);
    }

    /** An {@code authorization} value ({@code Bearer svc_dsc_…}) with a key made for the bench organisation. */
    static String authorization(App app) {
        return "Bearer " + app.keys().create("bench", Optional.empty(), List.of(), "bench").secret();
    }

    static App corpora() throws IOException {
        return corpora("");
    }
}
