package dev.docsassistant.readers;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.Ed25519Verifier;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import dev.docsassistant.config.Mappers;

import java.net.URI;
import java.text.ParseException;
import java.time.Clock;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Readers signed in by the customer's own login flow: it signs the reader's user data as a JWT with
 * the site's private key (EdDSA, Ed25519: {@link ReaderJwtKeys}) and sends the browser to
 * {@code /login/jwt-callback#<jwt>}. Nimbus JOSE verifies it: the signature with the site's public key
 * and EdDSA only (no {@code alg: none}, no HMAC keyed with the public key), {@code exp} required and
 * {@code nbf}/{@code iat} checked with {@link #SKEW_SECONDS} of leeway, and {@code host}, when the token has it,
 * the site's own host (a token made for another site does not sign in here).
 */
public final class JwtMethod implements ReaderAuthMethod {
    /** Clock difference tolerated between the customer's servers and this one. */
    static final int SKEW_SECONDS = 30;
    static final int MAX_TOKEN_CHARS = 32 * 1024;

    private final String domain;
    private final URI loginUrl;
    private final ReaderJwtKeys keys;
    private final Clock clock;

    public JwtMethod(String domain, URI loginUrl, ReaderJwtKeys keys, Clock clock) {
        this.domain = domain;
        this.loginUrl = loginUrl;
        this.keys = keys;
        this.clock = clock;
    }

    @Override
    public Form form() {
        return Form.REDIRECT;
    }

    /** The customer's login URL, with {@code redirect}: the page the reader asked for, as Mintlify sends it. */
    @Override
    public URI start(SignInAttempt attempt) {
        String base = loginUrl.toString();
        return URI.create(base + (base.contains("?") ? "&" : "?") + "redirect="
                + java.net.URLEncoder.encode(attempt.returnTo(), java.nio.charset.StandardCharsets.UTF_8));
    }

    @Override
    public Reader finish(SignInAttempt attempt, Map<String, String> params) {
        String token = params.getOrDefault("token", "").strip();
        if (token.isEmpty()) {
            throw ReaderAuthException.badRequest("token: the sign-in link carries no token (expected /login/jwt-callback#<jwt>)");
        }
        if (token.length() > MAX_TOKEN_CHARS) {
            throw ReaderAuthException.badRequest("token: longer than " + MAX_TOKEN_CHARS + " characters");
        }
        OctetKeyPair key = keys.publicKey(domain).orElseThrow(() -> new ReaderAuthException(503,
                "this site has no JWT signing key yet; its administrators make one"));
        JWTClaimsSet claims = verify(token, key);
        String host = claims.getClaim("host") instanceof String h ? h : null;
        String expected = attempt.callback().getHost();
        String expectedWithPort = attempt.callback().getAuthority();
        if (host != null && !host.equalsIgnoreCase(expected) && !host.equalsIgnoreCase(expectedWithPort)) {
            throw ReaderAuthException.unauthorized("the token was made for host '" + host + "', not this site's");
        }
        JsonNode data = Mappers.JSON.valueToTree(claims.toJSONObject());
        return UserData.read(data, Optional.ofNullable(claims.getSubject()), clock.instant());
    }

    /**
     * Nimbus' Ed25519 verifier checks the signature (its key selectors cannot turn an OKP key into a
     * Java key, so the one key is given directly) after the header is found to say EdDSA; Nimbus'
     * claims verifier checks the times.
     */
    private JWTClaimsSet verify(String token, OctetKeyPair key) {
        SignedJWT jwt;
        try {
            jwt = SignedJWT.parse(token); // an unsecured JWT (alg none) is no JWS: refused here
        } catch (ParseException e) {
            throw ReaderAuthException.badRequest("token: not a signed JWT");
        }
        JWSAlgorithm alg = jwt.getHeader().getAlgorithm();
        if (!JWSAlgorithm.EdDSA.equals(alg) && !JWSAlgorithm.Ed25519.equals(alg)) {
            throw ReaderAuthException.unauthorized("the token must be signed with EdDSA (Ed25519), not " + alg);
        }
        try {
            if (!jwt.verify(new Ed25519Verifier(key.toPublicJWK()))) {
                throw ReaderAuthException.unauthorized("the token is not signed with this site's key");
            }
        } catch (JOSEException e) {
            throw ReaderAuthException.unauthorized("the token's signature cannot be checked");
        }
        DefaultJWTClaimsVerifier<SecurityContext> times = new DefaultJWTClaimsVerifier<>(null, Set.of("exp")) {
            @Override
            protected Date currentTime() {
                return Date.from(clock.instant());
            }
        };
        times.setMaxClockSkew(SKEW_SECONDS);
        try {
            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            times.verify(claims, null);
            Date issued = claims.getIssueTime();
            if (issued != null && issued.toInstant().isAfter(clock.instant().plusSeconds(SKEW_SECONDS))) {
                throw ReaderAuthException.unauthorized("the token was issued in the future (iat)");
            }
            return claims;
        } catch (BadJWTException e) {
            throw ReaderAuthException.unauthorized("the token is not valid now: " + e.getMessage());
        } catch (ParseException e) {
            throw ReaderAuthException.badRequest("token: its claims are not a JSON object");
        }
    }

    @Override
    public String toString() {
        return "JwtMethod[" + domain + ", " + loginUrl + "]";
    }
}
