package dev.docsassistant.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.deploy.DeploySettings;
import dev.docsassistant.deploy.SiteFiles;
import dev.docsassistant.deploy.TarGzWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URLEncoder;
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

    @Mixin
    AdminApi admin;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "PT15M",
            description = "How long to follow the build (ISO-8601, default 15 minutes)")
    Duration timeout;

    @Override
    public Integer call() throws Exception {
        if (!admin.ready()) {
            return 2;
        }
        if (!Files.isRegularFile(folder.resolve("docs.json"))) {
            System.err.println(folder + " holds no docs.json: give the docs folder");
            return 2;
        }
        Path archive = Files.createTempFile("docs-assistant-deploy-", ".tar.gz");
        try {
            List<SiteFiles.FileEntry> files;
            try (OutputStream out = Files.newOutputStream(archive)) {
                files = TarGzWriter.pack(folder, out, DeploySettings.DEFAULTS);
            }
            System.err.printf(Locale.ROOT, "packed %d files (%.1f KiB) of %s%n", files.size(), Files.size(archive) / 1024.0, folder);
            String path = "/sites/" + domain + "/deployments"
                    + (preview == null ? "" : "?preview=" + URLEncoder.encode(preview, StandardCharsets.UTF_8));
            HttpResponse<String> created = admin.send(admin.request(path)
                    .header("Content-Type", "application/gzip")
                    .POST(HttpRequest.BodyPublishers.ofFile(archive)).build());
            if (created.statusCode() != 202) {
                return AdminApi.refused(created);
            }
            JsonNode deployment = Mappers.JSON.readTree(created.body());
            String id = deployment.path("id").asText();
            System.err.println("deployment " + id + " of " + domain + ": " + deployment.path("status").asText());
            return follow(id, System.nanoTime() + timeout.toNanos());
        } finally {
            Files.deleteIfExists(archive);
        }
    }

    private int follow(String id, long deadline) throws IOException, InterruptedException {
        String path = "/sites/" + domain + "/deployments/" + id;
        String last = "building";
        while (System.nanoTime() < deadline) {
            Thread.sleep(POLL);
            HttpResponse<String> res = admin.get(path);
            if (res.statusCode() != 200) {
                System.err.println("cannot follow the deployment (" + res.statusCode() + "): " + AdminApi.message(res.body()));
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
                System.out.println(d.path("url").asText()); // the preview's own address (the server names it)
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
}
