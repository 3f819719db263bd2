package dev.docsassistant.cli;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.content.Progress;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * The training run the launcher records the JDK's AOT cache from ({@code -XX:AOTCacheOutput}): serves
 * the bundled example site from a temporary store on a loopback port and sends it searches, pages and
 * answers over HTTP, so the classes and method profiles of a serving process are in the cache. Needs
 * no network and no configuration; hidden because only the launcher runs it.
 */
@Command(name = "train", hidden = true, description = "Exercise the server on the example site (records the AOT cache).")
public final class TrainCommand implements Callable<Integer> {
    /** Questions about the example site; each round sends all of them, so searches vary as in real use. */
    private static final List<String> QUESTIONS = List.of(
            "how long between retry attempts after a failed delivery",
            "how do I authenticate requests",
            "create a webhook endpoint",
            "rate limits and quotas",
            "install the SDK",
            "verify webhook signatures",
            "pagination of list endpoints",
            "what happens when a delivery fails");

    @Option(names = "--rounds", paramLabel = "N", description = "Rounds of requests (default ${DEFAULT-VALUE})")
    int rounds = 40;

    @Option(names = "--site", paramLabel = "DIR", description = "The example site (default: examples/acme-docs of the installation)")
    Path site;

    @Override
    public Integer call() throws Exception {
        Path home = Path.of(Optional.ofNullable(System.getenv("DOCS_ASSISTANT_HOME")).orElse("."));
        Path site = (this.site != null ? this.site : home.resolve("examples/acme-docs")).toAbsolutePath();
        Path dir = Files.createTempDirectory("docs-assistant-train-");
        try {
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, """
                    docs-assistant:
                      data-dir: data
                      sites:
                        - domain: acme
                          organization: train
                          path: %s
                      limits:
                        organization-per-hour: 1000000000
                        ip-per-day: 1000000000
                    """.formatted(site));
            exercise(AppConfig.load(config));
            return 0;
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private void exercise(AppConfig config) throws Exception {
        try (App app = Bootstrap.open(config)) {
            String key = app.keys().create("train", Optional.empty(), List.of(), "cli").secret();
            WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
            Runnable beforeStop = ServerSetup.configure(builder, app);
            WebServer server = builder.build().start();
            try {
                Bootstrap.index(app, new PrintStream(PrintStream.nullOutputStream()), Progress.NONE);
                HttpClient client = HttpClient.newHttpClient();
                String base = "http://127.0.0.1:" + server.port();
                for (int round = 0; round < rounds; round++) {
                    for (String question : QUESTIONS) {
                        send(client, base + "/v1/search/acme", key, """
                                {"query": %s, "pageSize": 5}""".formatted(quote(question)));
                    }
                    String question = QUESTIONS.get(round % QUESTIONS.size());
                    send(client, base + "/v2/assistant/acme/message", key, """
                            {"fp": "train", "retrievalPageSize": 5,
                             "messages": [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": %s}]}]}"""
                            .formatted(quote(question)));
                    send(client, base + "/v1/page/acme", key, "{\"path\": \"/guides/retries\"}");
                }
                System.out.println("trained on " + rounds + " rounds of requests");
            } finally {
                beforeStop.run();
                server.stop();
            }
        }
    }

    /** Posts a request and reads its whole body (answers stream until their last event). */
    private static void send(HttpClient client, String url, String key, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .header("authorization", "Bearer " + key).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = response.body()) {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException(url + " answered " + response.statusCode());
        }
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
