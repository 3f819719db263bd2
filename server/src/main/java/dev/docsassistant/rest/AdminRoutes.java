package dev.docsassistant.rest;

import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Fields;
import dev.docsassistant.web.Json;
import dev.docsassistant.web.JsonBody;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.security.AccessDecision;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.security.ApiKey;
import dev.docsassistant.security.ApiKeys;
import dev.docsassistant.security.KeyHasher;
import dev.docsassistant.security.NewKey;
import dev.docsassistant.security.Quota;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The admin API under {@code /admin/v1}, registered only when {@code docs-assistant.security.admin-token}
 * is set: {@code GET /keys[?organization=]}, {@code POST /keys}, {@code GET /keys/{id}} and
 * {@code POST /keys/{id}/revoke}, and the sites and deployments of {@link DeploymentRoutes}, each with
 * {@code Authorization: Bearer <admin token>}.
 */
final class AdminRoutes implements HttpService {
    private static final int MAX_BODY_BYTES = 16 * 1024;

    private final ApiKeys keys;
    private final AccessCheck access;
    private final String token;
    private final Supplier<Set<String>> organizations;
    private final DeploymentRoutes deployments;
    private final AnalyticsKeyRoutes analyticsKeys;
    private final ReaderKeyRoutes readerKeys;

    /** @param organizations the organisations keys may be made for, now (sites are created at run time) */
    AdminRoutes(ApiKeys keys, AccessCheck access, String token, Supplier<Set<String>> organizations,
                DeploymentRoutes deployments, AnalyticsKeyRoutes analyticsKeys, ReaderKeyRoutes readerKeys) {
        this.readerKeys = readerKeys;
        this.keys = keys;
        this.access = access;
        this.token = token;
        this.organizations = organizations;
        this.deployments = deployments;
        this.analyticsKeys = analyticsKeys;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.any(this::authorize)
                .get("/keys", this::list)
                .post("/keys", this::create)
                .get("/keys/{id}", this::get)
                .post("/keys/{id}/revoke", this::revoke);
        deployments.routing(rules);
        analyticsKeys.routing(rules);
        readerKeys.routing(rules);
    }

    private void authorize(ServerRequest req, ServerResponse res) {
        // Failed guesses count against the caller's address like API requests do.
        String authorization = req.headers().first(HeaderNames.AUTHORIZATION).orElse("");
        String presented = authorization.regionMatches(true, 0, "Bearer ", 0, 7) ? authorization.substring(7).trim() : null;
        if (presented == null || !KeyHasher.sameSecret(presented, token)) {
            Quota quota = access.countAddress(new AccessRequest(null, null, ApiAccess.peer(req), ApiAccess.forwardedFor(req), null));
            req.context().register(new AccessDecision(quota.allowed() ? AccessDecision.Outcome.UNAUTHENTICATED
                    : AccessDecision.Outcome.RATE_LIMITED, null, null, quota));
            ApiAccess.decorate(req, res);
            res.header(HeaderNames.WWW_AUTHENTICATE, "Bearer");
            Json.sendError(res, quota.allowed() ? 401 : 429, quota.allowed()
                    ? "the admin API needs 'Authorization: Bearer <docs-assistant.security.admin-token>'"
                    : "too many requests from this address; retry in " + quota.retryAfterSeconds() + " s");
            return;
        }
        res.next();
    }

    private void list(ServerRequest req, ServerResponse res) {
        Optional<String> organization = req.query().first("organization").asOptional();
        Instant now = Instant.now();
        Json.send(res, 200, Map.of("keys", keys.list(organization).stream().map(k -> view(k, now)).toList()));
    }

    private void create(ServerRequest req, ServerResponse res) {
        JsonNode body = JsonBody.read(req, MAX_BODY_BYTES);
        String organization = Fields.optString(body, "organization", "organization");
        String expires = Fields.optString(body, "expires", "expires");
        List<String> origins = Fields.optStringList(body, "origins", "origins", NewKey.MAX_ITEMS);
        List<String> groups = Fields.optStringList(body, "groups", "groups", NewKey.MAX_ITEMS);
        NewKey request;
        try {
            request = NewKey.of(organization, expires, origins == null ? List.of() : origins,
                    groups == null ? List.of() : groups, organizations.get(), Instant.now());
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        ApiKeys.Created created = keys.create(request.organization(), request.expiresAt(), request.origins(),
                request.groups(), "admin");
        Map<String, Object> reply = view(created.key(), Instant.now());
        reply.put("key", created.secret());
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        Json.send(res, 201, reply);
    }

    private void get(ServerRequest req, ServerResponse res) {
        String id = req.path().pathParameters().get("id");
        ApiKey key = keys.get(id).orElseThrow(() -> ApiException.notFound("no key with id " + id));
        Json.send(res, 200, view(key, Instant.now()));
    }

    private void revoke(ServerRequest req, ServerResponse res) {
        String id = req.path().pathParameters().get("id");
        ApiKey key = keys.revoke(id).orElseThrow(() -> ApiException.notFound("no key with id " + id));
        Json.send(res, 200, view(key, Instant.now()));
    }

    static Map<String, Object> view(ApiKey key, Instant now) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", key.id());
        out.put("organization", key.organization());
        out.put("prefix", key.prefix());
        out.put("status", key.status(now));
        out.put("origins", key.origins());
        out.put("groups", key.groups());
        out.put("source", key.source());
        out.put("createdAt", key.createdAt().toString());
        out.put("expiresAt", key.expiresAt().map(Instant::toString).orElse(null));
        out.put("revokedAt", key.revokedAt().map(Instant::toString).orElse(null));
        return out;
    }
}
