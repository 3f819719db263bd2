package dev.docsassistant.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.Mappers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code sites create|list|delete}: the sites of a running server, through its admin API (what
 * {@code docs/deployments.md} shows with curl). Exit 0 done, 1 refused by the server, 2 a wrong command.
 */
@Command(name = "sites", description = "Create, list and delete the sites of a running server (admin API).",
        subcommands = {SitesCommand.Create.class, SitesCommand.List.class, SitesCommand.Delete.class})
public final class SitesCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("usage: docs-assistant sites create|list|delete (see --help)");
    }

    /** Prints the site as {@code DOMAIN (organization ORG)}; with Git, its first deployment too. */
    @Command(name = "create", description = "Create a site; served once its first deployment is active (deploy, or --git).")
    static final class Create implements Callable<Integer> {
        @Mixin
        AdminApi admin;

        @Parameters(index = "0", paramLabel = "DOMAIN", description = "The site's domain (lower-case letters, digits and -)")
        String domain;

        @Option(names = "--org", required = true, paramLabel = "ORG", description = "The organisation owning the site")
        String organization;

        @Option(names = "--git", paramLabel = "URL", description = "Deploy from this Git repository (https, http or file://)")
        String gitUrl;

        @Option(names = "--branch", paramLabel = "BRANCH", description = "With --git: the branch deployed (default main)")
        String branch;

        @Option(names = "--path", paramLabel = "PATH", description = "With --git: the docs folder in the repository (default its root)")
        String path;

        @Override
        public Integer call() throws Exception {
            if (!admin.ready()) {
                return 2;
            }
            if (gitUrl == null && (branch != null || path != null)) {
                System.err.println("--branch and --path go with --git");
                return 2;
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("domain", domain);
            body.put("organization", organization);
            if (gitUrl != null) {
                Map<String, Object> git = new LinkedHashMap<>();
                git.put("url", gitUrl);
                if (branch != null) {
                    git.put("branch", branch);
                }
                if (path != null) {
                    git.put("path", path);
                }
                body.put("git", git);
            }
            HttpResponse<String> res = admin.postJson("/sites", Mappers.JSON.writeValueAsString(body));
            if (res.statusCode() != 201) {
                return AdminApi.refused(res);
            }
            JsonNode site = Mappers.JSON.readTree(res.body());
            System.out.println("created site " + site.path("domain").asText() + " (organization " + site.path("organization").asText() + ")");
            JsonNode first = site.path("deployment");
            if (!first.isMissingNode() && !first.isNull()) {
                System.out.println(DeploymentsCommand.line(first));
            }
            return 0;
        }
    }

    /** One line per site: domain, organisation, active deployment, and where its content comes from. */
    @Command(name = "list", description = "List the sites: domain, organisation, active deployment, source.")
    static final class List implements Callable<Integer> {
        @Mixin
        AdminApi admin;

        @Override
        public Integer call() throws Exception {
            if (!admin.ready()) {
                return 2;
            }
            HttpResponse<String> res = admin.get("/sites");
            if (res.statusCode() != 200) {
                return AdminApi.refused(res);
            }
            for (JsonNode site : Mappers.JSON.readTree(res.body()).path("sites")) {
                String source = site.path("configured").asBoolean() ? "configuration"
                        : site.path("git").isObject() ? "git " + site.path("git").path("url").asText() : "api";
                System.out.printf("%-24s %-16s %-24s %s%n", site.path("domain").asText(), site.path("organization").asText(),
                        site.path("activeDeployment").asText("-"), source);
            }
            return 0;
        }
    }

    @Command(name = "delete", description = "Delete a site created at run time, with its deployments and files.")
    static final class Delete implements Callable<Integer> {
        @Mixin
        AdminApi admin;

        @Parameters(index = "0", paramLabel = "DOMAIN", description = "The site to delete")
        String domain;

        @Override
        public Integer call() throws Exception {
            if (!admin.ready()) {
                return 2;
            }
            HttpResponse<String> res = admin.delete("/sites/" + domain);
            if (res.statusCode() != 204) {
                return AdminApi.refused(res);
            }
            System.out.println("deleted site " + domain);
            return 0;
        }
    }
}
