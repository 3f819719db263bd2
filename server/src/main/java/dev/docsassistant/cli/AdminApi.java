package dev.docsassistant.cli;

import dev.docsassistant.config.Mappers;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The admin API of a running server, as the commands that drive it reach it ({@code deploy},
 * {@code sites}, {@code deployments}, {@code rollback}): a picocli mixin for {@code --server} and the
 * admin token ({@code $DOCS_ASSISTANT_ADMIN_TOKEN}), and the requests with that token.
 */
public final class AdminApi {
    @Option(names = "--server", paramLabel = "URL", defaultValue = "${env:DOCS_ASSISTANT_SERVER:-http://dashboard.localhost:8080}",
            description = "The admin API's base URL, on the dashboard's host (default: $DOCS_ASSISTANT_SERVER, else ${DEFAULT-VALUE})")
    String server;

    @Option(names = "--token", paramLabel = "TOKEN", defaultValue = "${env:DOCS_ASSISTANT_ADMIN_TOKEN}", hidden = true,
            description = "The admin token (prefer $DOCS_ASSISTANT_ADMIN_TOKEN: arguments show in process lists)")
    String token;

    private String base;
    /** The Host to name when {@link #server} is a {@code *.localhost} name reached at 127.0.0.1. */
    private String hostHeader;
    private HttpClient http;

    /** False, with the reason printed, when the command cannot reach the API (exit 2: the command is wrong). */
    boolean ready() {
        if (token == null || token.isBlank()) {
            System.err.println("set DOCS_ASSISTANT_ADMIN_TOKEN to the server's docs-assistant.security.admin-token");
            return false;
        }
        String b = server.endsWith("/") ? server.substring(0, server.length() - 1) : server;
        URI given = URI.create(b);
        // A *.localhost name is loopback (RFC 6761), as browsers and curl resolve it; the JDK's resolver
        // does not know it, so connect to 127.0.0.1 and name the host in the Host header.
        if (given.getHost() != null && given.getHost().endsWith(".localhost")) {
            hostHeader = given.getHost() + (given.getPort() < 0 ? "" : ":" + given.getPort());
            b = given.getScheme() + "://127.0.0.1" + (given.getPort() < 0 ? "" : ":" + given.getPort());
            System.setProperty("jdk.httpclient.allowRestrictedHeaders", "host"); // read when the first client is made
        }
        base = b;
        // HTTP/1.1: an h2c upgrade would send the URI's authority instead of the Host header.
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        return true;
    }

    /** A request to {@code /admin/v1} + {@code path}, with the token (and the Host of a {@code *.localhost} server). */
    HttpRequest.Builder request(String path) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/admin/v1" + path)).timeout(Duration.ofMinutes(5))
                .header("Authorization", "Bearer " + token.strip());
        return hostHeader == null ? request : request.header("Host", hostHeader);
    }

    HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(request(path).GET().build());
    }

    HttpResponse<String> postJson(String path, String json) throws IOException, InterruptedException {
        return send(request(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    HttpResponse<String> delete(String path) throws IOException, InterruptedException {
        return send(request(path).DELETE().build());
    }

    /** The {@code message} of an error answer, else its body. */
    static String message(String body) {
        try {
            return Mappers.JSON.readTree(body).path("message").asText(body);
        } catch (IOException e) {
            return body;
        }
    }

    /** Prints why the server refused, as {@code refused (STATUS): message}; exit 1. */
    static int refused(HttpResponse<String> res) {
        System.err.println("refused (" + res.statusCode() + "): " + message(res.body()));
        return 1;
    }
}
