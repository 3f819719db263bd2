package dev.docsassistant.cli;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSettings;
import dev.docsassistant.security.DashboardAccounts;
import dev.docsassistant.app.SiteHost;
import dev.docsassistant.security.DashboardSettings;
import dev.docsassistant.deploy.Deployments;
import dev.docsassistant.store.Database;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code users add|list|remove|revoke}: the people who may open an organisation's dashboard. {@code add}
 * prints a one-time sign-in link (valid 24 hours) instead of sending mail; run it again for a new link.
 * {@code revoke} ends sessions without removing anyone: a user's (and their unused links), or every admin one.
 */
@Command(name = "users", description = "Add, list, remove dashboard users and revoke their sessions; add prints a one-time sign-in link.",
        subcommands = {UsersCommand.Add.class, UsersCommand.List.class, UsersCommand.Remove.class, UsersCommand.Revoke.class})
public final class UsersCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("usage: docs-assistant users add|list|remove|revoke (see --help)");
    }

    /** The link is always the last line: scripts read it with {@code tail -1}. */
    @Command(name = "add", description = "Add a user to an organisation (or find them) and print a one-time sign-in link.")
    static final class Add implements Callable<Integer> {
        @Mixin
        ConfigOption config;

        @Option(names = "--org", required = true, paramLabel = "ORG", description = "The organisation whose dashboard the user opens")
        String organization;

        @Option(names = "--email", required = true, paramLabel = "EMAIL", description = "Who the user is")
        String email;

        @Override
        public Integer call() {
            AppConfig app = config.load();
            try (Database db = Database.open(app)) {
                Set<String> organizations = Deployments.organizations(db, app.organizations());
                if (!organizations.contains(organization)) {
                    System.err.println("error: organization '" + organization + "' owns no site (sites are owned by: "
                            + String.join(", ", organizations) + ")");
                    return 2;
                }
                String token;
                try {
                    token = accounts(db).addUserWithLink(organization, email);
                } catch (IllegalArgumentException e) {
                    System.err.println("error: " + e.getMessage());
                    return 2;
                }
                System.out.println("dashboard user " + email.strip() + " of organization " + organization
                        + "; this sign-in link works once, for " + DashboardAccounts.LINK_VALIDITY.toHours() + " hours:");
                System.out.println(dashboardUrl(app) + "/dashboard/sign-in?token=" + token);
                return 0;
            }
        }
    }

    @Command(name = "list", description = "List dashboard users.")
    static final class List implements Callable<Integer> {
        @Mixin
        ConfigOption config;

        @Option(names = "--org", paramLabel = "ORG", description = "Only this organisation's users")
        String organization;

        @Override
        public Integer call() {
            try (Database db = Database.open(config.load())) {
                String format = "%-16s %-20s %-32s %s%n";
                System.out.printf(format, "ID", "ORGANIZATION", "EMAIL", "ADDED");
                accounts(db).users(organization).forEach(u -> System.out.printf(format, u.id(), u.organization(), u.email(), u.createdAt()));
                return 0;
            }
        }
    }

    @Command(name = "remove", description = "Remove a dashboard user, ending their sessions.")
    static final class Remove implements Callable<Integer> {
        @Mixin
        ConfigOption config;

        @Option(names = "--org", required = true, paramLabel = "ORG")
        String organization;

        @Option(names = "--email", required = true, paramLabel = "EMAIL")
        String email;

        @Override
        public Integer call() {
            try (Database db = Database.open(config.load())) {
                if (!accounts(db).remove(organization, email)) {
                    System.err.println("error: no user " + email + " in organization " + organization);
                    return 1;
                }
                System.out.println("removed dashboard user " + email + " of organization " + organization);
                return 0;
            }
        }
    }

    @Command(name = "revoke", description = "End a user's dashboard sessions and unused sign-in links (--org and --email), "
            + "or every admin session (--admin); nobody is removed.")
    static final class Revoke implements Callable<Integer> {
        @Mixin
        ConfigOption config;

        @Option(names = "--org", paramLabel = "ORG")
        String organization;

        @Option(names = "--email", paramLabel = "EMAIL")
        String email;

        @Option(names = "--admin", description = "End every session opened with the admin token")
        boolean admin;

        @Override
        public Integer call() {
            if (admin == (organization != null || email != null) || !admin && (organization == null || email == null)) {
                System.err.println("error: give either --org and --email, or --admin");
                return 2;
            }
            try (Database db = Database.open(config.load())) {
                if (admin) {
                    System.out.println("ended " + accounts(db).revokeAdmin() + " admin dashboard session(s)");
                    return 0;
                }
                java.util.Optional<Integer> ended = accounts(db).revoke(organization, email);
                if (ended.isEmpty()) {
                    System.err.println("error: no user " + email + " in organization " + organization);
                    return 1;
                }
                System.out.println("ended " + ended.get() + " dashboard session(s) of " + email + " of organization " + organization
                        + " and their unused sign-in links");
                return 0;
            }
        }
    }

    private static DashboardAccounts accounts(Database db) {
        return new DashboardAccounts(db, Clock.systemUTC(), Duration.ofHours(12)); // sessions are opened by the server, not here
    }

    /** {@code docs-assistant.dashboard.url}, else the dashboard's own host on the configured port. */
    static String dashboardUrl(AppConfig app) {
        return DashboardSettings.from(app.section().get("dashboard")).url()
                .orElseGet(() -> "http://dashboard." + SiteHost.from(app.section()).name() + ":"
                        + ServerSettings.from(app.config().get("server")).port());
    }
}
