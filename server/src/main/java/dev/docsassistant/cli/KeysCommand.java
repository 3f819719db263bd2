package dev.docsassistant.cli;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.security.ApiKey;
import dev.docsassistant.deploy.Deployments;
import dev.docsassistant.security.ApiKeys;
import dev.docsassistant.security.KeyHasher;
import dev.docsassistant.security.NewKey;
import dev.docsassistant.store.Database;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code keys create|list|revoke|generate}: assistant keys in the store the configuration names.
 * Works on the store directly, so it needs no running server (and, with PostgreSQL, serves a cluster).
 */
@Command(name = "keys", description = "Create, list and revoke assistant keys (svc_dsc_…).",
        subcommands = {KeysCommand.Create.class, KeysCommand.List.class, KeysCommand.Revoke.class,
                KeysCommand.Generate.class})
public final class KeysCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("usage: docs-assistant keys create|list|revoke|generate (see --help)");
    }

    /** Prints the key as the last line: scripts read it with {@code tail -1}. */
    @Command(name = "create", description = "Create a key for an organisation; the key is printed once, as the last line.")
    static final class Create implements Callable<Integer> {
        @Mixin
        ConfigOption config;

        @Option(names = "--org", required = true, paramLabel = "ORG", description = "Organisation owning the sites the key opens")
        String organization;

        @Option(names = "--expires", paramLabel = "DURATION", description = "Validity: 30d, 12h, 90m, 2w or P30D (default: none)")
        String expires;

        @Option(names = "--origins", paramLabel = "URLS", description = "Comma-separated browser origins allowed to use the key (default: any)")
        String origins;

        @Option(names = "--groups", paramLabel = "GROUPS", description = "Comma-separated access groups whose pages "
                + "(front matter groups) the key may read (default: none, public pages only)")
        String groups;

        @Override
        public Integer call() {
            AppConfig app = config.load();
            try (Database db = Database.open(app)) {
                NewKey request;
                try {
                    request = NewKey.of(organization, expires, origins == null ? java.util.List.of() : java.util.List.of(origins),
                            NewKey.splitGroups(groups), Deployments.organizations(db, app.organizations()), Instant.now());
                } catch (IllegalArgumentException e) {
                    System.err.println("error: " + e.getMessage());
                    return 2;
                }
                ApiKeys.Created created = new ApiKeys(db).create(request.organization(), request.expiresAt(),
                        request.origins(), request.groups(), "cli");
                PrintStream out = System.out;
                out.println("created key " + created.key().id() + " for organization " + created.key().organization()
                        + created.key().expiresAt().map(t -> ", expires " + t).orElse("")
                        + (created.key().origins().isEmpty() ? "" : ", origins " + String.join(" ", created.key().origins()))
                        + (created.key().groups().isEmpty() ? ", public pages only" : ", access groups " + String.join(", ", created.key().groups())));
                out.println("the key is shown only now; store it safely:");
                out.println(created.secret());
                return 0;
            }
        }
    }

    @Command(name = "list", description = "List keys (never the keys themselves: their id and display prefix).")
    static final class List implements Callable<Integer> {
        @Mixin
        ConfigOption config;

        @Option(names = "--org", paramLabel = "ORG", description = "Only this organisation's keys")
        String organization;

        @Override
        public Integer call() {
            try (Database db = Database.open(config.load())) {
                java.util.List<ApiKey> keys = new ApiKeys(db).list(Optional.ofNullable(organization));
                Instant now = Instant.now();
                String format = "%-16s %-16s %-14s %-8s %-24s %-24s %-20s %s%n";
                System.out.printf(format, "ID", "ORGANIZATION", "PREFIX", "STATUS", "CREATED", "EXPIRES", "GROUPS", "ORIGINS / SOURCE");
                for (ApiKey k : keys) {
                    System.out.printf(format, k.id(), k.organization(), k.prefix() + "…", k.status(now),
                            k.createdAt(), k.expiresAt().map(Instant::toString).orElse("never"),
                            k.groups().isEmpty() ? "-" : String.join(",", k.groups()),
                            (k.origins().isEmpty() ? "any" : String.join(",", k.origins())) + " / " + k.source());
                }
                return 0;
            }
        }
    }

    @Command(name = "revoke", description = "Revoke a key by id; it stops working at once on this server.")
    static final class Revoke implements Callable<Integer> {
        @Mixin
        ConfigOption config;

        @Parameters(paramLabel = "ID", description = "The key's id (from keys list)")
        String id;

        @Override
        public Integer call() {
            try (Database db = Database.open(config.load())) {
                Optional<ApiKey> key = new ApiKeys(db).revoke(id);
                if (key.isEmpty()) {
                    System.err.println("error: no key with id " + id);
                    return 1;
                }
                System.out.println("revoked key " + id + " (" + key.get().prefix() + "…, organization "
                        + key.get().organization() + ")");
                return 0;
            }
        }
    }

    @Command(name = "generate", description = "Print a new random key without storing it, for sites[].assistant-key.")
    static final class Generate implements Callable<Integer> {
        @Override
        public Integer call() {
            System.out.println(KeyHasher.newKey());
            return 0;
        }
    }
}
