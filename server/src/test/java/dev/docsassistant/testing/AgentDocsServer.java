package dev.docsassistant.testing;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.IOException;
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
import java.util.stream.Stream;

/**
 * A running server on an ephemeral port over a small site built for the agent-facing features:
 * public pages, a page of access group {@code partners}, a hidden page, a page outside the
 * navigation, a {@code noindex} page and {@code <Visibility>} blocks. It serves the site as
 * {@code docs} (organisation acme) and again as {@code quiet} with MCP off. Closing it stops the
 * server and removes its folder.
 */
public final class AgentDocsServer implements AutoCloseable {
    public static final String HUMANS_ONLY = "Click the Get started button";
    public static final String AGENTS_ONLY = "call POST /v1/accounts with an email address";

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final Path dir;
    private final App app;
    private final WebServer server;
    private final String authorization;

    private AgentDocsServer(Path dir, App app, WebServer server) {
        this.dir = dir;
        this.app = app;
        this.server = server;
        // Access groups come from the key: this one may read the partners page.
        this.authorization = "Bearer " + app.keys().create("acme", java.util.Optional.empty(), java.util.List.of(),
                java.util.List.of("partners"), "test").secret();
    }

    /** @param extraYaml settings under {@code docs-assistant}; {@code siteYaml} goes into the {@code docs} site entry */
    public static AgentDocsServer start(String extraYaml, String siteYaml) {
        return start(extraYaml, siteYaml, "");
    }

    /** @param docsJson extra top-level docs.json members, e.g. {@code "seo": {"indexing": "all"},} */
    public static AgentDocsServer start(String extraYaml, String siteYaml, String docsJson) {
        return start(extraYaml, siteYaml, docsJson, java.util.Map.of());
    }

    /** @param files more files of the site folder by relative path (e.g. {@code .mintlify/Assistant.md}) */
    public static AgentDocsServer start(String extraYaml, String siteYaml, String docsJson, java.util.Map<String, String> files) {
        return start(extraYaml, siteYaml, docsJson, files, "");
    }

    /** The site with one more navigation group, {@code API}, generated from the OpenAPI description {@code openapi.json}. */
    public static AgentDocsServer withApi(String openapiJson) {
        return withApi(openapiJson, "");
    }

    /** {@link #withApi(String)} with settings under {@code docs-assistant}. */
    public static AgentDocsServer withApi(String openapiJson, String extraYaml) {
        return start(extraYaml, "", "", java.util.Map.of("openapi.json", openapiJson), """
                ,
                   {"group": "API", "openapi": "openapi.json"}""");
    }

    private static AgentDocsServer start(String extraYaml, String siteYaml, String docsJson, java.util.Map<String, String> files,
                                         String moreGroups) {
        try {
            Path dir = Files.createTempDirectory("docs-assistant-agents-");
            TestSites more = new TestSites(dir.resolve("site"));
            files.forEach(more::file);
            new TestSites(dir.resolve("site")).file("docs.json", """
                            {"name": "Relay", "description": "Webhook delivery for busy teams.", %s
                             "navigation": {"groups": [
                               {"group": "Guides", "pages": ["index", "retries", "partners/pricing", "old"]},
                               {"group": "Internal", "hidden": true, "pages": ["internal"]}%s]}}""".formatted(docsJson, moreGroups))
                    .page("index", "Welcome to Relay: it delivers webhooks.", "title: Home", "description: Start here")
                    .page("retries", """
                            Failed deliveries are retried five times with exponential backoff.

                            <Visibility for="humans">
                              %s in the dashboard.
                            </Visibility>

                            <Visibility for="agents">
                              To create an account, %s.
                            </Visibility>""".formatted(HUMANS_ONLY, AGENTS_ONLY),
                            "title: Retries", "description: How failed deliveries are retried")
                    .page("partners/pricing", "Partner discounts are 30 percent on every plan.",
                            "title: Partner pricing", "groups: [partners]")
                    .page("old", "The old delivery API.", "title: Old API", "noindex: true")
                    .page("internal", "Runbook for the on-call engineer.", "title: Runbook")
                    .page("draft", "An unfinished page about signing.", "title: Draft");
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, """
                    docs-assistant:
                      data-dir: data
                      sites:
                        - domain: docs
                          organization: acme
                          path: site
                    %s
                        - domain: quiet
                          organization: acme
                          path: site
                          mcp: {enabled: false}
                    """.formatted(siteYaml.indent(6).stripTrailing()) + extraYaml.indent(2));
            App app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()));
            WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
            ServerSetup.configure(builder, app);
            return new AgentDocsServer(dir, app, builder.build().start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return server.port();
    }

    public App app() {
        return app;
    }

    /** {@code Bearer …} with a key of acme, the site's organisation, holding access group {@code partners}. */
    public String authorization() {
        return authorization;
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    public HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<String> get(String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return send(b);
    }

    @Override
    public void close() {
        server.stop();
        app.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
