package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.deploy.DeploySettings;
import dev.docsassistant.deploy.TarGzWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/docs-assistant serve} as an operator runs it (the launcher's JVM flags), with the admin
 * API on and no site in its configuration: the deployment benches create sites and deploy them over
 * HTTP, on the dashboard's host as a real client must. Rate limits are out of the way (one address
 * sends far more than a reader would); embeddings come from the benches' shared cache.
 */
final class ServerProcess implements AutoCloseable {
    static final String ADMIN_TOKEN = "bench-admin-token-of-at-least-32-characters";
    /** The admin API answers only on the dashboard's host; the JDK client may name it only with this set before its first use. */
    static final HttpClient HTTP;

    static {
        System.setProperty("jdk.httpclient.allowRestrictedHeaders", "host");
        HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    final Path dir;
    final Process process;
    final int port;
    /** What the server printed (appended until it ends; synchronized on it). */
    final StringBuilder log;

    private ServerProcess(Path dir, Process process, int port, StringBuilder log) {
        this.dir = dir;
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Writes {@code dir/application.yaml} and starts {@code serve} on it; returns once it is ready.
     *
     * @param extraYaml appended under {@code docs-assistant:} (a store URL, deployment settings)
     */
    static ServerProcess start(Path dir, String extraYaml) throws Exception {
        Files.createDirectories(dir);
        Path config = dir.resolve("application.yaml");
        Files.writeString(config, yaml(extraYaml));
        return start(config);
    }

    static String yaml(String extraYaml) {
        return """
                docs-assistant:
                  data-dir: data
                  search: {embedding-cache: %s, embed-in-background: false}
                  security: {admin-token: %s}
                """.formatted(SearchEval.EMBEDDINGS.toAbsolutePath(), ADMIN_TOKEN)
                + BenchApps.UNLIMITED.indent(2) + extraYaml.indent(2);
    }

    static ServerProcess start(Path config) throws Exception {
        Process serve = new ProcessBuilder(Launcher.path(), "serve", "--config", config.toString(), "--port", "0")
                .redirectErrorStream(true).start();
        ServerProcess server;
        try {
            StringBuilder log = new StringBuilder();
            server = new ServerProcess(config.getParent(), serve, ServeMemory.awaitPort(serve, log), log);
        } catch (Exception e) {
            serve.destroy();
            throw e;
        }
        ServeMemory.awaitReady(server.port);
        return server;
    }

    long pid() {
        return process.pid();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    HttpRequest.Builder adminRequest(String path) {
        return HttpRequest.newBuilder(uri(path)).header("Host", "dashboard.localhost:" + port)
                .header("Authorization", "Bearer " + ADMIN_TOKEN).timeout(Duration.ofMinutes(5));
    }

    /** A JSON call to the admin API; a status other than {@code expected} stops the bench with the answer. */
    JsonNode admin(String method, String path, String json, int expected) throws Exception {
        HttpResponse<String> res = HTTP.send(adminRequest(path).header("Content-Type", "application/json")
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (res.statusCode() != expected) {
            throw new IllegalStateException(method + " " + path + ": " + res.statusCode() + " " + res.body());
        }
        return res.body().isEmpty() ? null : Mappers.JSON.readTree(res.body());
    }

    void createSite(String domain, String organization) throws Exception {
        admin("POST", "/admin/v1/sites", "{\"domain\": \"" + domain + "\", \"organization\": \"" + organization + "\"}", 201);
    }

    /** Uploads a {@code .tar.gz} as a new deployment of {@code domain}; returns its id (the build goes on in the background). */
    String upload(String domain, byte[] tarGz) throws Exception {
        HttpResponse<String> res = HTTP.send(adminRequest("/admin/v1/sites/" + domain + "/deployments")
                .header("Content-Type", "application/gzip").POST(HttpRequest.BodyPublishers.ofByteArray(tarGz)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (res.statusCode() != 202) {
            throw new IllegalStateException("upload to " + domain + ": " + res.statusCode() + " " + res.body());
        }
        return Mappers.JSON.readTree(res.body()).path("id").asText();
    }

    JsonNode deployment(String domain, String id) throws Exception {
        return admin("GET", "/admin/v1/sites/" + domain + "/deployments/" + id, null, 200);
    }

    /** Polls a deployment until it is active (or was, and a newer one replaced it); a failed one stops the bench. */
    JsonNode awaitActive(String domain, String id, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JsonNode d = deployment(domain, id);
            String status = d.path("status").asText();
            if (status.equals("active") || status.equals("superseded")) {
                return d;
            }
            if (status.equals("failed")) {
                throw new IllegalStateException("deployment " + id + " of " + domain + " failed: " + d.path("problems"));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("deployment " + id + " of " + domain + " still " + status + " after " + timeout);
            }
            Thread.sleep(50);
        }
    }

    /** A rendered page of a site, on the loopback address ({@code /sites/{domain}/…}). */
    HttpResponse<String> page(String domain, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri("/sites/" + domain + path)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A folder packed as {@code deploy} packs it. */
    static byte[] tarGz(Path folder) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            TarGzWriter.pack(folder, out, DeploySettings.DEFAULTS);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code bin/docs-assistant deploy} against this server with the admin token in its environment. */
    ProcessBuilder deployCommand(String domain, Path folder) {
        ProcessBuilder pb = new ProcessBuilder(Launcher.path(), "deploy", "--domain", domain,
                "--server", "http://dashboard.localhost:" + port, folder.toString());
        Map<String, String> env = pb.environment();
        env.put("DOCS_ASSISTANT_ADMIN_TOKEN", ADMIN_TOKEN);
        env.remove("JAVA_OPTS");
        return pb;
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
