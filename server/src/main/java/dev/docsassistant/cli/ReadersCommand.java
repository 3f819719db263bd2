package dev.docsassistant.cli;

import dev.docsassistant.config.Mappers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.Callable;

/**
 * {@code readers jwt-key create|show-public}: the Ed25519 key pair a site's readers' JWTs are signed
 * with, through a running server's admin API. {@code create} prints the admin API's answer, with the
 * private key the server shows this once and never keeps; {@code show-public} the public key it
 * verifies with. Exit 0 done, 1 refused by the server, 2 a wrong command.
 */
@Command(name = "readers", description = "Readers' sign-in of a site (admin API).", subcommands = ReadersCommand.JwtKey.class)
public final class ReadersCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("usage: docs-assistant readers jwt-key create|show-public --domain DOMAIN (see --help)");
    }

    @Command(name = "jwt-key", description = "The key pair readers' JWTs are signed with (reader-auth method jwt or jwt-personalization).",
            subcommands = {Create.class, ShowPublic.class})
    static final class JwtKey implements Runnable {
        @Override
        public void run() {
            System.err.println("usage: docs-assistant readers jwt-key create|show-public --domain DOMAIN (see --help)");
        }
    }

    /** A command about one site's key, through the admin API. */
    abstract static class OfSite implements Callable<Integer> {
        @Mixin
        AdminApi admin;

        @Option(names = "--domain", required = true, paramLabel = "DOMAIN", description = "The site")
        String domain;

        String path() {
            return "/sites/" + domain + "/reader-auth/jwt-key";
        }
    }

    @Command(name = "create", description = "Make a new key pair (replacing the site's last one) and print it with its private key,"
            + " shown this once: keep it in your login flow's secrets.")
    static final class Create extends OfSite {
        @Override
        public Integer call() throws Exception {
            return admin.ready() ? print(admin.send(admin.request(path()).POST(HttpRequest.BodyPublishers.noBody()).build()), 201) : 2;
        }
    }

    @Command(name = "show-public", description = "Print the public key the site verifies readers' JWTs with.")
    static final class ShowPublic extends OfSite {
        @Override
        public Integer call() throws Exception {
            return admin.ready() ? print(admin.get(path()), 200) : 2;
        }
    }

    /** The answer as the admin API gave it (indented JSON), or the refusal. */
    private static int print(HttpResponse<String> res, int expected) throws Exception {
        if (res.statusCode() != expected) {
            return AdminApi.refused(res);
        }
        System.out.println(Mappers.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(Mappers.JSON.readTree(res.body())));
        return 0;
    }
}
