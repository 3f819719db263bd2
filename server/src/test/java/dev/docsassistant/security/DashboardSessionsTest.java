package dev.docsassistant.security;

import dev.docsassistant.store.Database;
import dev.docsassistant.store.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Dashboard sessions end when they should: an admin one with a change of the admin token, any on revocation. */
class DashboardSessionsTest {
    private static final Duration TTL = Duration.ofHours(12);
    private static final String TOKEN = "admin-token-one-0123456789abcdef";

    @TempDir
    Path dir;

    private static DashboardAccounts accounts(Database db, String adminToken) {
        return new DashboardAccounts(db, Clock.systemUTC(), TTL, Optional.ofNullable(adminToken));
    }

    @Test
    void anAdminSessionEndsWhenTheAdminTokenChangesOrGoes() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                String cookie = accounts(db, TOKEN).openAdmin().token();
                assertTrue(accounts(db, TOKEN).session(cookie).orElseThrow().admin(), db.dialect().toString());
                assertTrue(accounts(db, "admin-token-two-0123456789abcdef").session(cookie).isEmpty(),
                        db.dialect() + ": a new admin token ends the sessions the old one opened");
                assertTrue(accounts(db, null).session(cookie).isEmpty(), db.dialect() + ": no admin token, no admin session");
                assertTrue(accounts(db, TOKEN).session(cookie).isPresent(), db.dialect() + ": the token back, the session back");
                assertThrows(IllegalStateException.class, () -> accounts(db, null).openAdmin());
            }
        }
    }

    @Test
    void signingOutEverywhereEndsEverySessionOfTheUserOnly() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                DashboardAccounts accounts = accounts(db, TOKEN);
                String first = accounts.redeem(accounts.addUserWithLink("acme", "dana@acme.example")).orElseThrow().token();
                String second = accounts.redeem(accounts.addUserWithLink("acme", "dana@acme.example")).orElseThrow().token();
                String other = accounts.redeem(accounts.addUserWithLink("acme", "ines@acme.example")).orElseThrow().token();
                String admin = accounts.openAdmin().token();
                assertEquals(2, accounts.closeEverywhere(accounts.session(first).orElseThrow()), db.dialect().toString());
                assertTrue(accounts.session(first).isEmpty() && accounts.session(second).isEmpty(), db.dialect().toString());
                assertTrue(accounts.session(other).isPresent() && accounts.session(admin).isPresent(), db.dialect().toString());
                String admin2 = accounts.openAdmin().token();
                assertEquals(2, accounts.closeEverywhere(accounts.session(admin).orElseThrow()), db.dialect().toString());
                assertTrue(accounts.session(admin2).isEmpty() && accounts.session(other).isPresent(), db.dialect().toString());
            }
        }
    }

    @Test
    void revokingAUserEndsTheirSessionsAndUnusedLinksButKeepsThem() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                DashboardAccounts accounts = accounts(db, TOKEN);
                String session = accounts.redeem(accounts.addUserWithLink("acme", "dana@acme.example")).orElseThrow().token();
                String unused = accounts.addUserWithLink("acme", "dana@acme.example");
                String admin = accounts.openAdmin().token();
                assertEquals(Optional.of(1), accounts.revoke("acme", "Dana@Acme.example"), db.dialect().toString());
                assertTrue(accounts.session(session).isEmpty(), db.dialect().toString());
                assertTrue(accounts.redeem(unused).isEmpty(), db.dialect() + ": an unused link is revoked too");
                assertEquals(1, accounts.users("acme").size(), db.dialect() + ": the user stays");
                assertTrue(accounts.session(admin).isPresent());
                assertEquals(Optional.empty(), accounts.revoke("acme", "nobody@acme.example"));
                assertEquals(1, accounts.revokeAdmin());
                assertFalse(accounts.session(admin).isPresent(), db.dialect().toString());
            }
        }
    }
}
