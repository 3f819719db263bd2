package dev.docsassistant.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.Mappers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code deployments list|activate}: a site's deployments on a running server, through its admin
 * API. Activating an earlier deployment is a rollback ({@link RollbackCommand} picks the one active
 * before). Exit 0 done, 1 refused by the server, 2 a wrong command.
 */
@Command(name = "deployments", description = "List a site's deployments or activate one (admin API).",
        subcommands = {DeploymentsCommand.List.class, DeploymentsCommand.Activate.class})
public final class DeploymentsCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("usage: docs-assistant deployments list|activate (see --help)");
    }

    /** A deployment on one line: id, status, creation time, pages, source and who made it, preview name. */
    static String line(JsonNode d) {
        String preview = d.path("preview").isTextual() ? "  preview " + d.path("preview").asText() : "";
        return String.format(Locale.ROOT, "%-24s %-10s %-24s %5d pages  %s by %s%s", d.path("id").asText(), d.path("status").asText(),
                d.path("createdAt").asText(), d.path("pages").asInt(), source(d.path("source")), d.path("createdBy").asText(), preview);
    }

    /** {@code folder}, {@code archive:3f2a…} (the start of its SHA-256) or {@code git:URL@commit}. */
    private static String source(JsonNode source) {
        String kind = source.path("kind").asText();
        String value = source.path("value").asText("");
        if (kind.equals("archive") && value.length() > 12) {
            value = value.substring(0, 12);
        }
        return value.isEmpty() || kind.equals("folder") ? kind : kind + ":" + value;
    }

    @Command(name = "list", description = "List a site's deployments, newest first.")
    static final class List implements Callable<Integer> {
        @Mixin
        AdminApi admin;

        @Option(names = "--domain", required = true, paramLabel = "DOMAIN", description = "The site")
        String domain;

        @Override
        public Integer call() throws Exception {
            if (!admin.ready()) {
                return 2;
            }
            JsonNode deployments = deployments(admin, domain);
            if (deployments == null) {
                return 1;
            }
            for (JsonNode d : deployments) {
                System.out.println(line(d));
            }
            return 0;
        }
    }

    @Command(name = "activate", description = "Switch the site to a built deployment (a rollback, or a ready preview).")
    static final class Activate implements Callable<Integer> {
        @Mixin
        AdminApi admin;

        @Option(names = "--domain", required = true, paramLabel = "DOMAIN", description = "The site")
        String domain;

        @Parameters(index = "0", paramLabel = "ID", description = "The deployment (dep_…)")
        String id;

        @Override
        public Integer call() throws Exception {
            return admin.ready() ? activate(admin, domain, id) : 2;
        }
    }

    /** A site's deployments, newest first; null (the refusal printed) when the server refuses. */
    static JsonNode deployments(AdminApi admin, String domain) throws Exception {
        HttpResponse<String> res = admin.get("/sites/" + domain + "/deployments");
        if (res.statusCode() != 200) {
            AdminApi.refused(res);
            return null;
        }
        return Mappers.JSON.readTree(res.body()).path("deployments");
    }

    /** Activates {@code id} and prints it once the site serves it. */
    static int activate(AdminApi admin, String domain, String id) throws Exception {
        HttpResponse<String> res = admin.postJson("/sites/" + domain + "/deployments/" + id + "/activate", "");
        if (res.statusCode() != 200) {
            return AdminApi.refused(res);
        }
        JsonNode d = Mappers.JSON.readTree(res.body());
        System.out.println(d.path("id").asText() + " is active on " + domain);
        return 0;
    }
}
