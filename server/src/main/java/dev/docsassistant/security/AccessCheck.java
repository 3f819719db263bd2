package dev.docsassistant.security;

import dev.docsassistant.config.PreviewDomains;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The one access rule of the API, shared by every edge: the client address is counted first (so
 * guessing keys costs requests too), then the key must be known, active, of the organisation owning
 * the site and allowed from the browser origin, then the organisation is counted.
 *
 * <p>A key a site's pages embed (a page key, a configured site key: {@link ApiKey#publicSite()}) is
 * public. It opens only its own site, reads no access group, and is counted against that site's page
 * budget ({@code limits.site-pages-per-hour}), which keyless MCP and the rendered sites' search page
 * share ({@link #checkPublic}): public traffic cannot spend the organisation's budget and lock its
 * private keys out.
 *
 * <p>A caller without a valid key learns nothing about which sites exist: every such refusal is the
 * same 401 whatever the domain. A valid key of another organisation gets 403 for any site outside its
 * own, existing or not.
 */
public final class AccessCheck {
    private final ApiKeys keys;
    private final Map<String, String> organizationByDomain;
    private final RateLimits limits;
    private final TrustedProxies proxies;
    private final Clock clock;
    /** {@code dev} only: a request from this machine needs no key (the dev server listens on loopback alone). */
    private volatile boolean keylessLoopback;

    public AccessCheck(ApiKeys keys, Map<String, String> organizationByDomain, RateLimits limits,
                       TrustedProxies proxies, Clock clock) {
        this.keys = keys;
        this.organizationByDomain = organizationByDomain; // live: sites created at run time join it
        this.limits = limits;
        this.proxies = proxies;
        this.clock = clock;
    }

    /**
     * Lets requests from the loopback interface in without a key, as callers of the site's
     * organisation; only the {@code dev} command turns this on (it listens on 127.0.0.1 alone). A
     * request relayed by a proxy ({@code X-Forwarded-For}) still needs a key.
     */
    public void allowLoopbackWithoutKey() {
        keylessLoopback = true;
    }

    /** The client address a request is counted under (the socket, or the forwarded one behind a trusted proxy). */
    public ClientAddress clientOf(AccessRequest request) {
        return proxies.client(request.peer(), request.forwardedFor());
    }

    /** Counts a request against its client address alone (for routes guarded otherwise, such as the admin API). */
    public Quota countAddress(AccessRequest request) {
        return limits.countAddress(clientOf(request).bucketKey());
    }

    public AccessDecision check(AccessRequest request) {
        return check(request, false);
    }

    /**
     * The same rule for a request about no particular site (the OpenAI-compatible model list, whose
     * answer is {@link #sitesOpenedBy}): every step but the site's, which needs {@code request.domain()} null.
     */
    public AccessDecision checkAnySite(AccessRequest request) {
        if (request.domain() != null) {
            throw new IllegalArgumentException("a request for any site names none");
        }
        return check(request, true);
    }

    private AccessDecision check(AccessRequest request, boolean anySite) {
        ClientAddress client = clientOf(request);
        Quota byAddress = limits.countAddress(client.bucketKey());
        if (!byAddress.allowed()) {
            return AccessDecision.refused(AccessDecision.Outcome.RATE_LIMITED,
                    "too many requests from this address; retry in " + byAddress.retryAfterSeconds() + " s", byAddress);
        }
        String secret = bearer(request.authorization());
        if (secret == null && request.authorization() == null && keylessLoopback && request.peer() != null
                && request.peer().isLoopbackAddress() && request.forwardedFor().isEmpty()
                && organizationByDomain.containsKey(request.domain())) {
            return new AccessDecision(AccessDecision.Outcome.GRANTED, null,
                    new Caller(organizationByDomain.get(request.domain()), "dev-loopback", client, Caller.PUBLIC_ONLY,
                            Optional.empty()), byAddress);
        }
        if (secret == null) {
            return AccessDecision.refused(AccessDecision.Outcome.UNAUTHENTICATED, request.authorization() == null
                    ? "missing Authorization header: send 'Authorization: Bearer " + KeyHasher.PREFIX + "…'"
                    : "Authorization must be 'Bearer " + KeyHasher.PREFIX + "…'", byAddress);
        }
        Optional<ApiKey> found = keys.find(secret);
        Instant now = clock.instant();
        if (found.isEmpty()) {
            return AccessDecision.refused(AccessDecision.Outcome.UNAUTHENTICATED, "invalid key", byAddress);
        }
        ApiKey key = found.get();
        if (!key.activeAt(now)) {
            return AccessDecision.refused(AccessDecision.Outcome.UNAUTHENTICATED,
                    key.revokedAt().isPresent() ? "key has been revoked" : "key has expired", byAddress);
        }
        if (!anySite && !opens(key.organization(), request.domain())) {
            return AccessDecision.refused(AccessDecision.Outcome.FORBIDDEN,
                    "this key is not valid for site '" + request.domain() + "'", byAddress);
        }
        if (request.origin() != null && !key.origins().isEmpty()) {
            String origin = Origins.ofHeader(request.origin());
            if (origin == null || !key.allowsOrigin(origin)) {
                return AccessDecision.refused(AccessDecision.Outcome.FORBIDDEN,
                        "origin " + request.origin() + " is not allowed for this key", byAddress);
            }
        }
        Optional<String> publicSite = key.publicSite();
        // A site's previews ({domain}--{name}) embed the site's page key: it opens them too. Asked
        // about no site (the model list), it answers for its own.
        if (publicSite.isPresent() && !anySite && !publicSite.get().equals(PreviewDomains.siteOf(request.domain()))) {
            return AccessDecision.refused(AccessDecision.Outcome.FORBIDDEN,
                    "this key is the page key of site '" + publicSite.get() + "'; it is not valid for site '"
                            + request.domain() + "'", byAddress);
        }
        Quota budget;
        if (publicSite.isPresent()) {
            budget = limits.countSitePages(anySite ? publicSite.get() : request.domain());
            if (!budget.allowed()) {
                return AccessDecision.refused(AccessDecision.Outcome.RATE_LIMITED, sitePagesRefusal(budget), budget);
            }
        } else {
            budget = limits.countOrganization(key.organization());
            if (!budget.allowed()) {
                return AccessDecision.refused(AccessDecision.Outcome.RATE_LIMITED,
                        "organization request limit reached; retry in " + budget.retryAfterSeconds() + " s", budget);
            }
        }
        keys.markUsed(key.id());
        return new AccessDecision(AccessDecision.Outcome.GRANTED, null,
                new Caller(key.organization(), key.id(), client, publicSite.isPresent() ? Caller.PUBLIC_ONLY : key.groups(), publicSite),
                Quota.tighter(byAddress, budget));
    }

    /**
     * Public traffic without a key (keyless MCP, a rendered site's search page): counted against the
     * client address, then against the site's page budget; granted callers read public pages only.
     */
    public AccessDecision checkPublic(AccessRequest request) {
        ClientAddress client = clientOf(request);
        Quota byAddress = limits.countAddress(client.bucketKey());
        if (!byAddress.allowed()) {
            return AccessDecision.refused(AccessDecision.Outcome.RATE_LIMITED,
                    "too many requests from this address; retry in " + byAddress.retryAfterSeconds() + " s", byAddress);
        }
        Quota bySite = limits.countSitePages(request.domain());
        if (!bySite.allowed()) {
            return AccessDecision.refused(AccessDecision.Outcome.RATE_LIMITED, sitePagesRefusal(bySite), bySite);
        }
        return new AccessDecision(AccessDecision.Outcome.GRANTED, null,
                new Caller(organizationByDomain.get(request.domain()), null, client, Caller.PUBLIC_ONLY,
                        Optional.of(request.domain())),
                Quota.tighter(byAddress, bySite));
    }

    private static String sitePagesRefusal(Quota quota) {
        return "this site's public request limit (page key, keyless MCP, search page) is reached; retry in "
                + quota.retryAfterSeconds() + " s";
    }

    /** The sites (domains, in order) a granted caller's key opens: the site rule of {@link #check}, for listings. */
    public List<String> sitesOpenedBy(Caller caller) {
        return organizationByDomain.keySet().stream().filter(domain -> !PreviewDomains.isPreview(domain))
                .filter(domain -> opens(caller.organization(), domain))
                .filter(domain -> caller.publicSite().map(domain::equals).orElse(true)).sorted().toList();
    }

    /** The site rule: a key opens the sites of its organisation. */
    private boolean opens(String organization, String domain) {
        return domain != null && organization.equals(organizationByDomain.get(domain));
    }

    /** The key of a {@code Bearer} value (scheme case-insensitive), or null when the value is not one. */
    public static String bearer(String authorization) {
        if (authorization == null) {
            return null;
        }
        String value = authorization.trim();
        int space = value.indexOf(' ');
        if (space < 0 || !value.substring(0, space).toLowerCase(Locale.ROOT).equals("bearer")) {
            return null;
        }
        String token = value.substring(space + 1).trim();
        return token.isEmpty() ? null : token;
    }
}
