package dev.docsassistant.cli;

import dev.docsassistant.testing.CliRun;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.security.DashboardAccounts;
import dev.docsassistant.store.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code users revoke}: ends a user's sessions (or every admin one) from the command line, keeping the user. */
class UsersCommandTest {
    private static final String ADMIN_TOKEN = "admin-token-of-the-users-command-test-01";
    @TempDir
    Path dir;


    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void revokeEndsSessionsAndKeepsTheUser() throws Exception {
        Path config = dir.resolve("app.yaml");
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  sites:
                    - {domain: docs, organization: acme, path: site}
                """);
        String c = config.toString();
        CliRun added = run("users", "add", "--config", c, "--org", "acme", "--email", "dana@acme.example");
        assertEquals(0, added.code(), added.err());
        String link = added.out().strip().lines().toList().getLast().replaceAll(".*token=", "");
        String session;
        String admin;
        try (Database db = Database.open(AppConfig.load(config))) {
            DashboardAccounts server = new DashboardAccounts(db, Clock.systemUTC(), Duration.ofHours(1), Optional.of(ADMIN_TOKEN));
            session = server.redeem(link).orElseThrow().token();
            admin = server.openAdmin().token();
        }
        CliRun revoked = run("users", "revoke", "--config", c, "--org", "acme", "--email", "dana@acme.example");
        assertEquals(0, revoked.code(), revoked.err());
        assertTrue(revoked.out().contains("ended 1 dashboard session(s)"), revoked.out());
        CliRun admins = run("users", "revoke", "--config", c, "--admin");
        assertEquals(0, admins.code(), admins.err());
        assertTrue(admins.out().contains("ended 1 admin dashboard session(s)"), admins.out());
        try (Database db = Database.open(AppConfig.load(config))) {
            DashboardAccounts server = new DashboardAccounts(db, Clock.systemUTC(), Duration.ofHours(1), Optional.of(ADMIN_TOKEN));
            assertTrue(server.session(session).isEmpty() && server.session(admin).isEmpty());
            assertEquals(1, server.users("acme").size(), "the user stays");
        }
        assertEquals(1, run("users", "revoke", "--config", c, "--org", "acme", "--email", "nobody@acme.example").code());
        assertEquals(2, run("users", "revoke", "--config", c, "--admin", "--org", "acme").code());
        assertEquals(2, run("users", "revoke", "--config", c).code());
    }
}
