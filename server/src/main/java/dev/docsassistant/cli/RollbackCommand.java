package dev.docsassistant.cli;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/**
 * {@code rollback --domain D}: activates the deployment that was active before the current one
 * (the newest {@code superseded} one older than it), through the admin API. Exit 1 when the server
 * refuses or the site has nothing to roll back to.
 */
@Command(name = "rollback", description = "Switch a site back to the deployment active before the current one (admin API).")
public final class RollbackCommand implements Callable<Integer> {
    @Mixin
    AdminApi admin;

    @Option(names = "--domain", required = true, paramLabel = "DOMAIN", description = "The site")
    String domain;

    @Override
    public Integer call() throws Exception {
        if (!admin.ready()) {
            return 2;
        }
        JsonNode deployments = DeploymentsCommand.deployments(admin, domain);
        if (deployments == null) {
            return 1;
        }
        boolean pastActive = false;
        for (JsonNode d : deployments) { // newest first
            String status = d.path("status").asText();
            if (status.equals("active")) {
                pastActive = true;
            } else if (pastActive && status.equals("superseded")) {
                System.err.println("rolling " + domain + " back to " + d.path("id").asText() + " (created " + d.path("createdAt").asText() + ")");
                return DeploymentsCommand.activate(admin, domain, d.path("id").asText());
            }
        }
        System.err.println(domain + " has no earlier deployment to roll back to" + (pastActive ? "" : " (none is active)"));
        return 1;
    }
}
