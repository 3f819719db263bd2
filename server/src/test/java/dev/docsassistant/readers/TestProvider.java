package dev.docsassistant.readers;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * An OpenID provider for the Java tests, on loopback: discovery, keys, and a token endpoint that
 * checks the client secret, the redirect URI and PKCE and uses each code once. It signs what a test
 * asks of it, so tests can hand the client tokens a real provider would never issue (another issuer
 * or audience, expired, unsigned, signed with a key it does not publish). The Node tests sign in through
 * a certified provider ({@code oidc-provider}); this one exists for the tokens that one will not make.
 */
final class TestProvider implements AutoCloseable {
    static final String CLIENT_ID = "docs";
    static final String CLIENT_SECRET = "s3cret-of-the-docs-client";

    private final HttpServer server;
    final RSAKey key;
    final RSAKey otherKey;
    final String issuer;
    private final Map<String, Grant> codes = new ConcurrentHashMap<>();
    final List<String> requests = new CopyOnWriteArrayList<>();
    /** Changes the ID token's claims before it is signed. */
    volatile UnaryOperator<JWTClaimsSet.Builder> idToken = b -> b;
    /** Signs the ID token (by default with the published key). */
    volatile java.util.function.Function<JWTClaimsSet, String> signer;
    volatile String accessToken = "opaque-access-token";
    volatile String infoApiAnswer = "{\"groups\": [\"enterprise\"], \"expiresAt\": 4102444800, \"content\": {\"firstName\": \"Jane\"}}";
    volatile int infoApiStatus = 200;
    volatile String tokenRedirect;
    /** Whether the ID token carries the groups claim (else only a JWT access token does). */
    volatile boolean groupsInIdToken = true;

    private record Grant(String nonce, String challenge, String redirectUri, String subject, Object groups) {
    }

    TestProvider() throws Exception {
        key = new RSAKeyGenerator(2048).keyID("k1").generate();
        otherKey = new RSAKeyGenerator(2048).keyID("k1").generate();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        issuer = "http://127.0.0.1:" + server.getAddress().getPort() + "/op";
        signer = claims -> sign(key, claims);
        server.createContext("/op/.well-known/openid-configuration", ex -> json(ex, 200, """
                {"issuer": "%1$s", "authorization_endpoint": "%1$s/auth", "token_endpoint": "%1$s/token",
                 "jwks_uri": "%1$s/jwks", "response_types_supported": ["code"], "subject_types_supported": ["public"],
                 "id_token_signing_alg_values_supported": ["RS256"], "code_challenge_methods_supported": ["S256"],
                 "token_endpoint_auth_methods_supported": ["client_secret_basic"]}""".formatted(issuer)));
        server.createContext("/op/jwks", ex -> json(ex, 200, new JWKSet(key.toPublicJWK()).toString()));
        server.createContext("/op/token", this::token);
        server.createContext("/info", ex -> {
            requests.add("info " + ex.getRequestHeaders().getFirst("Authorization"));
            json(ex, infoApiStatus, infoApiAnswer);
        });
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    /**
     * What the provider's sign-in page does for a reader: reads the authorization request and answers
     * the redirect URI with a fresh code (and the issuer, RFC 9207).
     */
    URI authorize(URI authorizationUri, String subject, Object groups) {
        Map<String, String> q = query(authorizationUri.getRawQuery());
        if (!"S256".equals(q.get("code_challenge_method")) || !CLIENT_ID.equals(q.get("client_id"))) {
            throw new IllegalStateException("not a PKCE request of the client: " + q);
        }
        String code = UUID.randomUUID().toString();
        codes.put(code, new Grant(q.get("nonce"), q.get("code_challenge"), q.get("redirect_uri"), subject, groups));
        return URI.create(q.get("redirect_uri") + "?code=" + code + "&state=" + q.get("state") + "&iss="
                + java.net.URLEncoder.encode(issuer, StandardCharsets.UTF_8));
    }

    static String sign(RSAKey with, JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(with.getKeyID()).type(JOSEObjectType.JWT).build(), claims);
            jwt.sign(new RSASSASigner(with));
            return jwt.serialize();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private void token(HttpExchange ex) throws IOException {
        if (tokenRedirect != null) {
            ex.getResponseHeaders().add("Location", tokenRedirect);
            ex.sendResponseHeaders(307, -1);
            ex.close();
            return;
        }
        Map<String, String> form = query(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        String basic = ex.getRequestHeaders().getFirst("Authorization");
        String expected = "Basic " + Base64.getEncoder().encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
        if (!expected.equals(basic)) {
            json(ex, 401, "{\"error\": \"invalid_client\"}");
            return;
        }
        Grant grant = codes.remove(form.getOrDefault("code", ""));
        if (grant == null) {
            json(ex, 400, "{\"error\": \"invalid_grant\", \"error_description\": \"grant request is invalid\"}");
            return;
        }
        String challenge = CodeChallenge.compute(CodeChallengeMethod.S256, new CodeVerifier(form.get("code_verifier"))).getValue();
        if (!challenge.equals(grant.challenge()) || !grant.redirectUri().equals(form.get("redirect_uri"))) {
            json(ex, 400, "{\"error\": \"invalid_grant\", \"error_description\": \"PKCE verification failed\"}");
            return;
        }
        Instant now = Instant.now();
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().issuer(issuer).subject(grant.subject()).audience(CLIENT_ID)
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(600))).claim("nonce", grant.nonce())
                .claim("email", grant.subject() + "@example.com");
        if (groupsInIdToken) {
            claims.claim("groups", grant.groups());
        }
        String signed = signer.apply(idToken.apply(claims).build());
        String access = accessToken.equals("jwt")
                ? sign(key, new JWTClaimsSet.Builder().issuer(issuer).subject(grant.subject()).audience("api")
                .expirationTime(Date.from(now.plusSeconds(600))).claim("groups", grant.groups()).build())
                : accessToken;
        json(ex, 200, "{\"access_token\": \"" + access + "\", \"token_type\": \"Bearer\", \"expires_in\": 3600, \"id_token\": \""
                + signed + "\"}");
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static void json(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
