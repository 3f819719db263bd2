package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.testing.TestSites;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.ByteArrayOutputStream;
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
import java.time.Duration;
import java.util.Set;

/**
 * A running server (in this JVM) with the admin API on, over a configured site {@code docs} of
 * organisation acme made from a tiny folder; keyword search, a short retire-after. Restartable on
 * the same data directory.
 */
final class DeployServer implements AutoCloseable {
    static final String ADMIN = "an-admin-token-of-at-least-32-characters";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    final Path dir;
    final App app;
    private final WebServer server;
    final String authorization;

    private DeployServer(Path dir, App app, WebServer server) {
        this.dir = dir;
        this.app = app;
        this.server = server;
        this.authorization = TestApps.authorization(app, "acme");
    }

    /** A fresh folder with site version 1 and the config; {@code extraYaml} goes under docs-assistant. */
    static DeployServer start(Path dir, String extraYaml) {
        try {
            if (!Files.exists(dir.resolve("application.yaml"))) {
                version(dir.resolve("site"), 1);
                Files.writeString(dir.resolve("application.yaml"), """
                        docs-assistant:
                          data-dir: data
                          search: {mode: keyword}
                          security: {admin-token: %s}
                          deployments: {retire-after: 300ms}
                          egress: {git-folders: [..]}   # the tests' repositories, beside the server's folder
                          sites:
                            - {domain: docs, organization: acme, path: site}
                        """.formatted(ADMIN) + extraYaml.indent(2));
            }
            App app = Bootstrap.start(AppConfig.load(dir.resolve("application.yaml")), new PrintStream(OutputStream.nullOutputStream()));
            WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
            ServerSetup.configure(builder, app);
            return new DeployServer(dir, app, builder.build().start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Version {@code n} of the docs site: a home page, and from version 2 a page "launch" naming the version. */
    static TestSites version(Path dir, int n) {
        TestSites site = new TestSites(dir)
                .file("docs.json", """
                        {"name": "Relay", "navigation": {"groups": [{"group": "Guides", "pages": ["index"%s]}]}}"""
                        .formatted(n >= 2 ? ", \"launch\"" : ""))
                .page("index", "Welcome to Relay: it delivers webhooks. Release " + n + ".", "title: Home");
        if (n >= 2) {
            site.page("launch", "The launch checklist of release " + n + " mentions zeppelin" + n + " twice.", "title: Launch");
        }
        return site;
    }

    int port() {
        return server.port();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A request to the admin API, on the dashboard's own host (the only one that serves it). */
    HttpRequest.Builder adminRequest(String path) {
        return HttpRequest.newBuilder(uri(path)).header("Host", "dashboard.localhost:" + server.port())
                .version(java.net.http.HttpClient.Version.HTTP_1_1).header("Authorization", "Bearer " + ADMIN);
    }

    HttpResponse<String> admin(String method, String path, String json) {
        return send(adminRequest(path)
                .header("Content-Type", "application/json")
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json)).build());
    }

    HttpResponse<String> upload(String domain, String query, String contentType, byte[] body) {
        return send(adminRequest("/admin/v1/sites/" + domain + "/deployments" + query).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
    }

    /** The folder packed as the CLI packs it. */
    static byte[] tarGz(Path folder) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            TarGzWriter.pack(folder, out, DeploySettings.DEFAULTS);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Uploads and waits until the deployment leaves {@code building} (and {@code ready}, unless it is a preview). */
    JsonNode deploy(String domain, Path folder) {
        HttpResponse<String> res = upload(domain, "", "application/gzip", tarGz(folder));
        if (res.statusCode() != 202) {
            throw new AssertionError("deploy: " + res.statusCode() + " " + res.body());
        }
        return settle(domain, json(res.body()).path("id").asText(), Set.of("active", "failed", "superseded"));
    }

    JsonNode settle(String domain, String id, Set<String> statuses) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode d = json(admin("GET", "/admin/v1/sites/" + domain + "/deployments/" + id, null).body());
            if (statuses.contains(d.path("status").asText())) {
                return d;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("deployment " + id + " did not settle");
    }

    HttpResponse<String> search(String domain, String query) {
        return send(HttpRequest.newBuilder(uri("/v1/search/" + domain)).header("Authorization", authorization)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"" + query + "\"}")).build());
    }

    /** The body of a search that answered 200: "not found" cannot then pass on a 401 or a 500. */
    String searched(String domain, String query) {
        HttpResponse<String> res = search(domain, query);
        if (res.statusCode() != 200) {
            throw new AssertionError("search of " + domain + " for '" + query + "' answered " + res.statusCode() + ": " + res.body());
        }
        return res.body();
    }

    HttpResponse<String> page(String domain, String path) {
        return send(HttpRequest.newBuilder(uri("/sites/" + domain + path)).GET().build());
    }

    static JsonNode json(String body) {
        try {
            return Mappers.JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stop();
        app.close();
    }
}
