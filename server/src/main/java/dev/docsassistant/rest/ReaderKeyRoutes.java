package dev.docsassistant.rest;

import com.nimbusds.jose.jwk.OctetKeyPair;
import dev.docsassistant.readers.ReaderAuthSettings;
import dev.docsassistant.readers.ReaderJwtKeys;
import dev.docsassistant.readers.SiteReaders;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Json;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code POST /admin/v1/sites/{domain}/reader-auth/jwt-key}: makes the Ed25519 key pair a site's
 * readers' JWTs are signed with. The private key is in this answer only (for the customer's login
 * flow); the server keeps the public key. A new pair replaces the one before. {@code GET} on the same
 * path answers the public key kept (which pair the server verifies with), never a private one.
 */
final class ReaderKeyRoutes {
    private final SiteReaders readers;
    private final ReaderJwtKeys keys;

    ReaderKeyRoutes(SiteReaders readers, ReaderJwtKeys keys) {
        this.readers = readers;
        this.keys = keys;
    }

    void routing(HttpRules rules) {
        rules.post("/sites/{domain}/reader-auth/jwt-key", this::generate)
                .get("/sites/{domain}/reader-auth/jwt-key", this::show);
    }

    private void generate(ServerRequest req, ServerResponse res) {
        String domain = jwtSite(req);
        ReaderJwtKeys.Made made = keys.generate(domain);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("domain", domain);
        out.put("algorithm", "EdDSA");
        out.put("keyId", made.publicJwk().getKeyID());
        out.put("privateKey", made.privateKeyPem());
        out.put("publicKey", made.publicJwk().toJSONObject());
        Json.send(res, 201, out);
    }

    private void show(ServerRequest req, ServerResponse res) {
        String domain = jwtSite(req);
        OctetKeyPair key = keys.publicKey(domain).orElseThrow(() -> ApiException.notFound(
                "site " + domain + " has no JWT signing key yet; make one with POST /admin/v1/sites/" + domain + "/reader-auth/jwt-key"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("domain", domain);
        out.put("algorithm", "EdDSA");
        out.put("keyId", key.getKeyID());
        out.put("publicKey", key.toPublicJWK().toJSONObject());
        Json.send(res, 200, out);
    }

    /** The request's site, when its readers sign in by JWT. */
    private String jwtSite(ServerRequest req) {
        String domain = req.path().pathParameters().get("domain");
        ReaderAuthSettings settings = readers.settings(domain).orElseThrow(() -> ApiException.notFound(
                "site " + domain + " has no reader-auth (sites[].reader-auth.method jwt or jwt-personalization)"));
        if (settings.method() != ReaderAuthSettings.Method.JWT && settings.method() != ReaderAuthSettings.Method.JWT_PERSONALIZATION) {
            throw ApiException.refusedBody(409, "site " + domain + " signs readers in by " + settings.method().configName()
                    + ", not by JWT");
        }
        return domain;
    }
}
