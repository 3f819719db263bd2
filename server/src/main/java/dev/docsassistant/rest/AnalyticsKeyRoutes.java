package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.security.AnalyticsKeys;
import dev.docsassistant.security.NewKey;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Fields;
import dev.docsassistant.web.Json;
import dev.docsassistant.web.JsonBody;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
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
 * The admin API's analytics keys (behind {@link AdminRoutes}' token): {@code GET /analytics-keys[?organization=]},
 * {@code POST /analytics-keys} and {@code POST /analytics-keys/{id}/revoke}. The secret is answered once, at creation.
 */
final class AnalyticsKeyRoutes {
    private static final int MAX_BODY_BYTES = 16 * 1024;

    private final AnalyticsKeys keys;
    private final Supplier<Set<String>> organizations;

    AnalyticsKeyRoutes(AnalyticsKeys keys, Supplier<Set<String>> organizations) {
        this.keys = keys;
        this.organizations = organizations;
    }

    void routing(HttpRules rules) {
        rules.get("/analytics-keys", this::list)
                .post("/analytics-keys", this::create)
                .post("/analytics-keys/{id}/revoke", this::revoke);
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
        NewKey request;
        try {
            request = NewKey.of(organization, expires, List.of(), organizations.get(), Instant.now());
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        AnalyticsKeys.Created created = keys.create(request.organization(), request.expiresAt());
        Map<String, Object> reply = view(created.key(), Instant.now());
        reply.put("key", created.secret());
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        Json.send(res, 201, reply);
    }

    private void revoke(ServerRequest req, ServerResponse res) {
        String id = req.path().pathParameters().get("id");
        AnalyticsKeys.Key key = keys.revoke(id).orElseThrow(() -> ApiException.notFound("no analytics key with id " + id));
        Json.send(res, 200, view(key, Instant.now()));
    }

    private static Map<String, Object> view(AnalyticsKeys.Key key, Instant now) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", key.id());
        out.put("organization", key.organization());
        out.put("prefix", key.prefix());
        out.put("scope", "analytics");
        out.put("status", key.status(now));
        out.put("createdAt", key.createdAt().toString());
        out.put("expiresAt", key.expiresAt().map(Instant::toString).orElse(null));
        out.put("revokedAt", key.revokedAt().map(Instant::toString).orElse(null));
        out.put("lastUsedAt", key.lastUsedAt().map(Instant::toString).orElse(null));
        return out;
    }
}
