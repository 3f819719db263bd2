package dev.docsassistant.rest;

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
 * flow); the server keeps the public key. A new pair replaces the one before.
 */
final class ReaderKeyRoutes {
    private final SiteReaders readers;
    private final ReaderJwtKeys keys;

    ReaderKeyRoutes(SiteReaders readers, ReaderJwtKeys keys) {
        this.readers = readers;
        this.keys = keys;
    }

    void routing(HttpRules rules) {
        rules.post("/sites/{domain}/reader-auth/jwt-key", this::generate);
    }

    private void generate(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        ReaderAuthSettings settings = readers.settings(domain).orElseThrow(() -> ApiException.notFound(
                "site " + domain + " has no reader-auth (sites[].reader-auth.method jwt or jwt-personalization)"));
        if (settings.method() != ReaderAuthSettings.Method.JWT && settings.method() != ReaderAuthSettings.Method.JWT_PERSONALIZATION) {
            throw ApiException.refusedBody(409, "site " + domain + " signs readers in by " + settings.method().configName()
                    + ", not by JWT");
        }
        ReaderJwtKeys.Made made = keys.generate(domain);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("domain", domain);
        out.put("algorithm", "EdDSA");
        out.put("keyId", made.publicJwk().getKeyID());
        out.put("privateKey", made.privateKeyPem());
        out.put("publicKey", made.publicJwk().toJSONObject());
        Json.send(res, 201, out);
    }
}
