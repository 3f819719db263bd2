package dev.docsassistant.security;

import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The one access rule of the API, shared by every edge: the client address is counted first (so
 * guessing keys costs requests too), then the key must be known, active, of the organisation owning
 * the site and allowed from the browser origin, then the organisation is counted.
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

    public AccessCheck(ApiKeys keys, Map<String, String> organizationByDomain, RateLimits limits,
                       TrustedProxies proxies, Clock clock) {
        this.keys = keys;
        this.organizationByDomain = organizationByDomain; // live: sites created at run time join it
        this.limits = limits;
        this.proxies = proxies;
        this.clock = clock;
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
        ClientAddress client = clientOf(request);
        Quota byAddress = limits.countAddress(client.bucketKey());
        if (!byAddress.allowed()) {
            return AccessDecision.refused(AccessDecision.Outcome.RATE_LIMITED,
                    "too many requests from this address; retry in " + byAddress.retryAfterSeconds() + " s", byAddress);
        }
        String secret = bearer(request.authorization());
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
        if (!key.organization().equals(organizationByDomain.get(request.domain()))) {
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
        Quota byOrganization = limits.countOrganization(key.organization());
        if (!byOrganization.allowed()) {
            return AccessDecision.refused(AccessDecision.Outcome.RATE_LIMITED,
                    "organization request limit reached; retry in " + byOrganization.retryAfterSeconds() + " s",
                    byOrganization);
        }
        keys.markUsed(key.id());
        return new AccessDecision(AccessDecision.Outcome.GRANTED, null,
                new Caller(key.organization(), key.id(), client), Quota.tighter(byAddress, byOrganization));
    }

    /** The key of a {@code Bearer} value (scheme case-insensitive), or null when the value is not one. */
    static String bearer(String authorization) {
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
