package dev.docsassistant.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.deploy.DeploySettings;
import dev.docsassistant.deploy.SiteFiles;
import dev.docsassistant.deploy.TarGzWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Deploys a docs folder to a running server through the admin API: packs it as a {@code .tar.gz},
 * uploads it, follows the build and exits 0 once it is active (a preview: once it is ready), 1 with
 * its problems when it failed or was refused, 2 when the command itself is wrong.
 */
@Command(name = "deploy", description = "Upload a docs folder as a new deployment of a site and follow its build.")
public final class DeployCommand implements Callable<Integer> {
    private static final Duration POLL = Duration.ofMillis(300);

    @Parameters(index = "0", paramLabel = "FOLDER", description = "The docs folder (holding docs.json)")
    Path folder;

    @Option(names = "--domain", required = true, paramLabel = "DOMAIN", description = "The site to deploy")
    String domain;

    @Option(names = "--preview", paramLabel = "NAME", description = "Deploy as a preview: built and kept, not activated")
    String preview;

    @Option(names = "--server", paramLabel = "URL", defaultValue = "${env:DOCS_ASSISTANT_SERVER:-http://dashboard.localhost:8080}",
            description = "The admin API's base URL, on the dashboard's host (default: $DOCS_ASSISTANT_SERVER, else ${DEFAULT-VALUE})")
    String server;

    @Option(names = "--token", paramLabel = "TOKEN", defaultValue = "${env:DOCS_ASSISTANT_ADMIN_TOKEN}", hidden = true,
            description = "The admin token (prefer $DOCS_ASSISTANT_ADMIN_TOKEN: arguments show in process lists)")
    String token;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "PT15M",
            description = "How long to follow the build (ISO-8601, default 15 minutes)")
    Duration timeout;

    /** The Host to name when {@link #server} is a {@code *.localhost} name reached at 127.0.0.1. */
    private String hostHeader;

    @Override
    public Integer call() throws Exception {
        if (token == null || token.isBlank()) {
            System.err.println("set DOCS_ASSISTANT_ADMIN_TOKEN to the server's docs-assistant.security.admin-token");
            return 2;
        }
        if (!Files.isRegularFile(folder.resolve("docs.json"))) {
            System.err.println(folder + " holds no docs.json: give the docs folder");
            return 2;
        }
        String base = server.endsWith("/") ? server.substring(0, server.length() - 1) : server;
        URI given = URI.create(base);
        // A *.localhost name is loopback (RFC 6761), as browsers and curl resolve it; the JDK's resolver
        // does not know it, so connect to 127.0.0.1 and name the host in the Host header.
        if (given.getHost() != null && given.getHost().endsWith(".localhost")) {
            hostHeader = given.getHost() + (given.getPort() < 0 ? "" : ":" + given.getPort());
            base = given.getScheme() + "://127.0.0.1" + (given.getPort() < 0 ? "" : ":" + given.getPort());
            System.setProperty("jdk.httpclient.allowRestrictedHeaders", "host"); // read when the first client is made
        }
        Path archive = Files.createTempFile("docs-assistant-deploy-", ".tar.gz");
        try {
            List<SiteFiles.FileEntry> files;
            try (OutputStream out = Files.newOutputStream(archive)) {
                files = TarGzWriter.pack(folder, out, DeploySettings.DEFAULTS);
            }
            System.err.printf(Locale.ROOT, "packed %d files (%.1f KiB) of %s%n", files.size(), Files.size(archive) / 1024.0, folder);
            // HTTP/1.1: an h2c upgrade would send the URI's authority instead of the Host header.
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
            String path = "/admin/v1/sites/" + domain + "/deployments"
                    + (preview == null ? "" : "?preview=" + URLEncoder.encode(preview, StandardCharsets.UTF_8));
            HttpResponse<String> created = http.send(request(base + path)
                    .header("Content-Type", "application/gzip")
                    .POST(HttpRequest.BodyPublishers.ofFile(archive)).build(), HttpResponse.BodyHandlers.ofString());
            if (created.statusCode() != 202) {
                System.err.println("refused (" + created.statusCode() + "): " + message(created.body()));
                return 1;
            }
            JsonNode deployment = Mappers.JSON.readTree(created.body());
            String id = deployment.path("id").asText();
            System.err.println("deployment " + id + " of " + domain + ": " + deployment.path("status").asText());
            return follow(http, base, id, System.nanoTime() + timeout.toNanos());
        } finally {
            Files.deleteIfExists(archive);
        }
    }

    private int follow(HttpClient http, String base, String id, long deadline) throws IOException, InterruptedException {
        String url = base + "/admin/v1/sites/" + domain + "/deployments/" + id;
        String last = "building";
        while (System.nanoTime() < deadline) {
            Thread.sleep(POLL);
            HttpResponse<String> res = http.send(request(url).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (res.statusCode() != 200) {
                System.err.println("cannot follow the deployment (" + res.statusCode() + "): " + message(res.body()));
                return 1;
            }
            JsonNode d = Mappers.JSON.readTree(res.body());
            String status = d.path("status").asText();
            if (!status.equals(last)) {
                System.err.println("deployment " + id + ": " + status);
                last = status;
            }
            boolean done = preview != null ? !status.equals("building") : !status.equals("building") && !status.equals("ready");
            if (!done) {
                continue;
            }
            printProblems(d);
            if (status.equals("failed")) {
                System.err.println("deployment " + id + " failed with " + d.path("errors").asInt() + " error(s); "
                        + domain + " still serves its active deployment");
                return 1;
            }
            System.out.printf(Locale.ROOT, "%s %s: %d pages, built in %.1f s%n", id,
                    preview != null ? "is ready as preview " + preview : status.equals("active") ? "is active"
                            : "was active (a newer deployment replaced it since)",
                    d.path("pages").asInt(), d.path("buildMillis").asLong() / 1000.0);
            if (preview != null) {
                System.out.println(d.path("url").asText(url)); // the preview's own address (the server names it)
            }
            return 0;
        }
        System.err.println("gave up following deployment " + id + " after " + timeout + " (it may still finish)");
        return 1;
    }

    private static void printProblems(JsonNode d) {
        for (JsonNode p : d.path("problems")) {
            System.err.println("  " + p.path("severity").asText() + ": " + p.path("file").asText()
                    + (p.path("location").asText().isEmpty() ? "" : " " + p.path("location").asText()) + ": "
                    + p.path("message").asText());
        }
    }

    private HttpRequest.Builder request(String url) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(5))
                .header("Authorization", "Bearer " + token.strip());
        return hostHeader == null ? request : request.header("Host", hostHeader);
    }

    private static String message(String body) {
        try {
            return Mappers.JSON.readTree(body).path("message").asText(body);
        } catch (IOException e) {
            return body;
        }
    }
}
