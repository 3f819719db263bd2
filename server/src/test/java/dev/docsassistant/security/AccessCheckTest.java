package dev.docsassistant.security;

import dev.docsassistant.store.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.docsassistant.security.AccessDecision.Outcome.FORBIDDEN;
import static dev.docsassistant.security.AccessDecision.Outcome.GRANTED;
import static dev.docsassistant.security.AccessDecision.Outcome.RATE_LIMITED;
import static dev.docsassistant.security.AccessDecision.Outcome.UNAUTHENTICATED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AccessCheckTest {
    @TempDir
    static Path dir;
    private static Database db;
    private static ApiKeys keys;
    private static final Map<String, String> SITES = Map.of("docs", "acme", "blog", "acme", "other-docs", "other");

    @BeforeAll
    static void open() {
        db = Database.openSqlite(dir);
        keys = new ApiKeys(db);
    }

    @AfterAll
    static void close() {
        db.close();
    }

    private static AccessCheck check(int perOrganization, int perAddress) {
        return new AccessCheck(keys, SITES, new RateLimits(new RateLimits.Limit(perOrganization, Duration.ofHours(1)),
                new RateLimits.Limit(perAddress, Duration.ofDays(1))), TrustedProxies.NONE, Clock.systemUTC());
    }

    private static AccessRequest request(String domain, String authorization, String origin) {
        return new AccessRequest(domain, authorization, InetAddress.getLoopbackAddress(), List.of(), origin);
    }

    @Test
    void devLetsLoopbackInWithoutAKeyAndNobodyElse() throws Exception {
        AccessCheck check = check(100_000, 100_000);
        assertEquals(AccessDecision.Outcome.UNAUTHENTICATED, check.check(request("docs", null, null)).outcome(),
                "off unless dev turns it on");
        check.allowLoopbackWithoutKey();
        AccessDecision local = check.check(request("docs", null, null));
        assertEquals(AccessDecision.Outcome.GRANTED, local.outcome());
        assertEquals("acme", local.caller().organization());
        InetAddress lan = InetAddress.getByName("192.168.1.20");
        assertEquals(AccessDecision.Outcome.UNAUTHENTICATED,
                check.check(new AccessRequest("docs", null, lan, List.of(), null)).outcome(), "not from another machine");
        assertEquals(AccessDecision.Outcome.UNAUTHENTICATED, check.check(new AccessRequest("docs", null,
                InetAddress.getLoopbackAddress(), List.of("203.0.113.9"), null)).outcome(), "nor relayed by a local proxy");
        assertEquals(AccessDecision.Outcome.UNAUTHENTICATED, check.check(request("docs", "Bearer wrong", null)).outcome(),
                "a key sent is still checked");
    }

    @Test
    void bruteForceOfRandomKeysIsAlways401() {
        AccessCheck check = check(100_000, 100_000);
        keys.create("acme", Optional.empty(), List.of(), "cli");
        Set<String> messages = new HashSet<>();
        for (int i = 0; i < 2000; i++) {
            String guess = i % 2 == 0 ? KeyHasher.newKey() : "svc_dsc_" + KeyHasher.token(32 + i % 7);
            AccessDecision d = check.check(request(i % 3 == 0 ? "docs" : "no-such-site", "Bearer " + guess, null));
            assertEquals(UNAUTHENTICATED, d.outcome(), guess);
            messages.add(d.message());
        }
        assertEquals(Set.of("invalid key"), messages, "the same answer whether the site exists or not");
        for (String auth : new String[]{null, "", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "svc_dsc_x", "Bearer a b"}) {
            assertEquals(UNAUTHENTICATED, check.check(request("docs", auth, null)).outcome(), String.valueOf(auth));
        }
    }

    @Test
    void aPageKeyOpensItsOwnSiteWithNoGroupOnTheSitesBudget() {
        AccessCheck check = new AccessCheck(keys, SITES, new RateLimits(new RateLimits.Limit(1000, Duration.ofHours(1)),
                new RateLimits.Limit(1000, Duration.ofDays(1)), new RateLimits.Limit(2, Duration.ofHours(1))),
                TrustedProxies.NONE, Clock.systemUTC());
        String page = "Bearer " + keys.replacePageKey("docs", "acme").secret();
        String staff = "Bearer " + keys.create("acme", Optional.empty(), List.of(), List.of("staff"), "cli").secret();
        AccessDecision granted = check.check(request("docs", page, null));
        assertEquals(GRANTED, granted.outcome());
        assertEquals(List.of(), granted.caller().groups(), "a page key reads public pages only");
        assertEquals(List.of(), granted.caller().groupsFor(List.of("staff")), "whatever the request names");
        assertEquals(2, granted.quota().limit(), "counted on the site's public budget");
        assertEquals(FORBIDDEN, check.check(request("blog", page, null)).outcome(), "another site of the same organisation");
        assertEquals(GRANTED, check.check(request("docs", page, null)).outcome());
        assertEquals(RATE_LIMITED, check.check(request("docs", page, null)).outcome());
        AccessDecision own = check.check(request("docs", staff, null));
        assertEquals(GRANTED, own.outcome(), "the organisation's budget is untouched");
        assertEquals(List.of("staff"), own.caller().groupsFor(List.of()));
        assertEquals(List.of("staff"), own.caller().groupsFor(List.of("staff", "finance")));
        assertEquals(List.of(), own.caller().groupsFor(List.of("finance")), "a request narrows, never widens");
        assertEquals(RATE_LIMITED, check.checkPublic(request("docs", null, null)).outcome(), "keyless traffic shares the budget");
        assertEquals(GRANTED, check.checkPublic(request("blog", null, null)).outcome(), "each site has its own");
    }

    @Test
    void aPageKeyOpensItsSitesPreviewsAndNothingElseAndListingsLeaveThemOut() {
        // As Deployments keeps it: a served preview is a site of its own, of its site's organisation.
        Map<String, String> sites = Map.of("docs", "acme", "docs--pr-1", "acme", "docsx", "acme", "blog--pr-1", "acme");
        AccessCheck check = new AccessCheck(keys, sites, new RateLimits(new RateLimits.Limit(1000, Duration.ofHours(1)),
                new RateLimits.Limit(1000, Duration.ofDays(1))), TrustedProxies.NONE, Clock.systemUTC());
        String page = "Bearer " + keys.replacePageKey("docs", "acme").secret();
        assertEquals(GRANTED, check.check(request("docs--pr-1", page, null)).outcome(), "the site's pages and its previews' share it");
        assertEquals(FORBIDDEN, check.check(request("blog--pr-1", page, null)).outcome(), "not another site's preview");
        assertEquals(FORBIDDEN, check.check(request("docsx", page, null)).outcome());
        String acme = "Bearer " + keys.create("acme", Optional.empty(), List.of(), "cli").secret();
        AccessDecision granted = check.check(request("docs--pr-1", acme, null));
        assertEquals(GRANTED, granted.outcome(), "the organisation's keys open its previews");
        assertEquals(List.of("docs", "docsx"), check.sitesOpenedBy(granted.caller()), "model listings name sites, not previews");
    }

    @Test
    void aKeyOpensOnlyItsOrganisationsSites() {
        AccessCheck check = check(1000, 1000);
        String acme = "Bearer " + keys.create("acme", Optional.empty(), List.of(), "cli").secret();
        assertEquals(GRANTED, check.check(request("docs", acme, null)).outcome());
        assertEquals(GRANTED, check.check(request("blog", acme, null)).outcome());
        AccessDecision cross = check.check(request("other-docs", acme, null));
        assertEquals(FORBIDDEN, cross.outcome());
        assertEquals("this key is not valid for site 'other-docs'", cross.message());
        assertEquals(FORBIDDEN, check.check(request("no-such-site", acme, null)).outcome(), "unknown sites look the same as others' sites");
        AccessDecision granted = check.check(request("docs", "bearer  " + acme.substring(7) + " ", null));
        assertEquals(GRANTED, granted.outcome(), "scheme case and spacing are forgiven");
        assertEquals("acme", granted.caller().organization());
    }

    @Test
    void aListingChecksEverythingButTheSiteAndListsTheKeysSites() {
        AccessCheck check = check(1000, 1000);
        String acme = "Bearer " + keys.create("acme", Optional.empty(), List.of(), "cli").secret();
        AccessDecision any = check.checkAnySite(request(null, acme, null));
        assertEquals(GRANTED, any.outcome());
        assertEquals(List.of("blog", "docs"), check.sitesOpenedBy(any.caller()));
        assertEquals(UNAUTHENTICATED, check.checkAnySite(request(null, "Bearer " + KeyHasher.newKey(), null)).outcome());
        String limited = "Bearer " + keys.create("acme", Optional.empty(), List.of("https://docs.acme.dev"), "cli").secret();
        assertEquals(FORBIDDEN, check.checkAnySite(request(null, limited, "https://evil.example")).outcome(), "origins still apply");
        // The ordinary check never takes a missing site for any site.
        assertEquals(FORBIDDEN, check.check(request(null, acme, null)).outcome());
    }

    @Test
    void revokedAndExpiredKeysAre401() {
        AccessCheck check = check(1000, 1000);
        ApiKeys.Created revoked = keys.create("acme", Optional.empty(), List.of(), "cli");
        keys.revoke(revoked.key().id());
        assertEquals("key has been revoked", check.check(request("docs", "Bearer " + revoked.secret(), null)).message());
        ApiKeys.Created expired = keys.create("acme", Optional.of(Instant.now().minusSeconds(1)), List.of(), "cli");
        AccessDecision d = check.check(request("docs", "Bearer " + expired.secret(), null));
        assertEquals(UNAUTHENTICATED, d.outcome());
        assertEquals("key has expired", d.message());
    }

    @Test
    void aKeysOriginsAreEnforcedOnTheOriginHeader() {
        AccessCheck check = check(1000, 1000);
        String key = "Bearer " + keys.create("acme", Optional.empty(), List.of("https://docs.acme.dev"), "cli").secret();
        assertEquals(GRANTED, check.check(request("docs", key, "https://docs.acme.dev")).outcome());
        assertEquals(GRANTED, check.check(request("docs", key, "HTTPS://Docs.Acme.Dev:443")).outcome());
        assertEquals(GRANTED, check.check(request("docs", key, null)).outcome(), "servers send no Origin");
        for (String origin : new String[]{"https://evil.example", "http://docs.acme.dev", "https://docs.acme.dev:8443", "null"}) {
            AccessDecision d = check.check(request("docs", key, origin));
            assertEquals(FORBIDDEN, d.outcome(), origin);
            assertEquals("origin " + origin + " is not allowed for this key", d.message());
        }
        String any = "Bearer " + keys.create("acme", Optional.empty(), List.of(), "cli").secret();
        assertEquals(GRANTED, check.check(request("docs", any, "https://anything.example")).outcome());
    }

    @Test
    void addressIsCountedBeforeTheKeyAndTheOrganisationAfter() {
        AccessCheck check = check(2, 3);
        String key = "Bearer " + keys.create("acme", Optional.empty(), List.of(), "cli").secret();
        assertEquals(UNAUTHENTICATED, check.check(request("docs", "Bearer " + KeyHasher.newKey(), null)).outcome());
        AccessDecision first = check.check(request("docs", key, null));
        assertEquals(GRANTED, first.outcome());
        assertEquals(1, first.quota().remaining(), "the tighter of address (1 left) and organisation (1 left)");
        assertEquals(GRANTED, check.check(request("docs", key, null)).outcome());
        AccessDecision limited = check.check(request("docs", key, null));
        assertEquals(RATE_LIMITED, limited.outcome());
        assertTrue(limited.message().startsWith("too many requests from this address"), limited.message());
        assertTrue(limited.quota().retryAfterSeconds() > 0);

        AccessCheck org = check(2, 100);
        org.check(request("docs", key, null));
        org.check(request("blog", key, null));
        AccessDecision orgLimited = org.check(request("docs", key, null));
        assertEquals(RATE_LIMITED, orgLimited.outcome(), "search, page and assistant of all the organisation's sites share one count");
        assertTrue(orgLimited.message().startsWith("organization request limit reached"), orgLimited.message());
        assertEquals(2, orgLimited.quota().limit());
    }
}
