package dev.docsassistant.readers;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.PlainHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressHttp;
import dev.docsassistant.egress.EgressSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OpenID Connect method against a loopback provider: a whole sign-in, then every way an answer or
 * a token can be wrong (each refused with a message saying what), and the egress policy in the way.
 * The routes' part (the state bound to the browser, one use of an attempt) is the routes' tests'.
 */
class OidcMethodTest {
    private static final URI CALLBACK = URI.create("http://handbook.localhost:8080/login/callback");
    private TestProvider op;
    private EgressHttp http;
    private final SignInAttempts attempts = new SignInAttempts(Clock.systemUTC());

    @BeforeEach
    void start() throws Exception {
        op = new TestProvider();
        http = new EgressHttp(new Egress(new EgressSettings(Set.of("127.0.0.1:" + op.port()), List.of())), Duration.ofSeconds(5), 1 << 20);
    }

    @AfterEach
    void stop() {
        op.close();
    }

    private ReaderAuthSettings.Oidc settings(String delimiter, Optional<URI> infoApi) {
        return new ReaderAuthSettings.Oidc(URI.create(op.issuer), TestProvider.CLIENT_ID, Optional.of(TestProvider.CLIENT_SECRET),
                List.of("openid", "groups"), "groups", Optional.of(delimiter).filter(d -> !d.isEmpty()), infoApi, Optional.empty());
    }

    private OidcMethod method() {
        return new OidcMethod(settings(",", Optional.empty()), http, Clock.systemUTC());
    }

    /** A sign-in through the provider's page for {@code subject}: the attempt and the callback's query. */
    private record Return(SignInAttempt attempt, Map<String, String> params) {
    }

    private Return signIn(OidcMethod method, String subject, Object groups) {
        SignInAttempt attempt = attempts.start("handbook", CALLBACK, "/guides/private");
        return new Return(attempt, query(op.authorize(method.start(attempt), subject, groups)));
    }

    @Test
    void aWholeSignInGivesTheReaderAndTheGroupsOfTheClaim() {
        OidcMethod method = method();
        SignInAttempt attempt = attempts.start("handbook", CALLBACK, "/guides/private");
        URI authorization = method.start(attempt);
        Map<String, String> request = query(authorization);
        assertTrue(authorization.toString().startsWith(op.issuer + "/auth?"), authorization.toString());
        assertEquals("S256", request.get("code_challenge_method"));
        assertEquals(attempt.state(), request.get("state"));
        assertEquals(attempt.nonce(), request.get("nonce"));
        assertEquals(CALLBACK.toString(), request.get("redirect_uri"));
        assertEquals("openid groups", request.get("scope"));
        Reader reader = method.finish(attempt, query(op.authorize(authorization, "jane", "enterprise, beta ,,")));
        assertEquals(Optional.of("jane"), reader.id());
        assertEquals(List.of("enterprise", "beta"), reader.groups());
        long lifetime = Duration.between(Instant.now(), reader.expiresAt()).toSeconds();
        assertTrue(lifetime > 3500 && lifetime <= 3600, "the access token's lifetime: " + lifetime);
    }

    @Test
    void aListClaimIsOneGroupPerItemAndTheServersOwnGroupsAreNeverTaken() {
        OidcMethod method = method();
        Return r = signIn(method, "joe", List.of("a,b", " c ", "@signed-in"));
        assertEquals(List.of("a,b", "c"), method.finish(r.attempt(), r.params()).groups());
    }

    @Test
    void withoutADelimiterAStringClaimIsOneGroup() {
        OidcMethod method = new OidcMethod(settings("", Optional.empty()), http, Clock.systemUTC());
        Return r = signIn(method, "joe", "general,client");
        assertEquals(List.of("general,client"), method.finish(r.attempt(), r.params()).groups());
    }

    @Test
    void theInfoApiDecidesGroupsExpiryAndContent() {
        OidcMethod method = new OidcMethod(settings(",", Optional.of(URI.create("http://127.0.0.1:" + op.port() + "/info"))), http,
                Clock.systemUTC());
        Return r = signIn(method, "jane", "ignored");
        Reader reader = method.finish(r.attempt(), r.params());
        assertEquals(List.of("enterprise"), reader.groups());
        assertEquals(Optional.of("Jane"), reader.contentValue("firstName"));
        assertTrue(reader.expiresAt().isAfter(Instant.now().plus(Duration.ofDays(29))), "expiresAt, capped: " + reader.expiresAt());
        assertTrue(op.requests.contains("info Bearer opaque-access-token"), op.requests.toString());
    }

    @Test
    void anInfoApiThatRefusesTheReaderEndsTheSignIn() {
        op.infoApiStatus = 401;
        OidcMethod method = new OidcMethod(settings(",", Optional.of(URI.create("http://127.0.0.1:" + op.port() + "/info"))), http,
                Clock.systemUTC());
        Return r = signIn(method, "jane", "x");
        ReaderAuthException e = assertThrows(ReaderAuthException.class, () -> method.finish(r.attempt(), r.params()));
        assertEquals(401, e.status());
        assertEquals("the Info API answered 401 for this reader", e.getMessage());
    }

    @Test
    void groupsFromASignedAccessTokenWhenTheIdTokenHasNone() {
        op.accessToken = "jwt";
        op.groupsInIdToken = false;
        OidcMethod method = method();
        Return r = signIn(method, "al", List.of("ops"));
        assertEquals(List.of("ops"), method.finish(r.attempt(), r.params()).groups());
        op.accessToken = "opaque";
        Return opaque = signIn(method, "al", List.of("ops"));
        assertEquals(List.of(), method.finish(opaque.attempt(), opaque.params()).groups(), "an opaque token has no claims to read");
    }

    @Test
    void anAnswerOfAnotherAttemptIsRefused() {
        OidcMethod method = method();
        SignInAttempt mine = attempts.start("handbook", CALLBACK, "/");
        method.start(mine);
        Return attackers = signIn(method, "mallory", "enterprise");
        ReaderAuthException e = assertThrows(ReaderAuthException.class, () -> method.finish(mine, attackers.params()));
        assertEquals(400, e.status());
        assertTrue(e.getMessage().startsWith("the answer's state is not the one"), e.getMessage());
    }

    @Test
    void anIdTokenWithAnotherNonceIsRefused() {
        op.idToken = b -> b.claim("nonce", "someone-elses-nonce");
        assertRefused("the ID token is not valid: Unexpected JWT nonce (nonce) claim: someone-elses-nonce");
    }

    @Test
    void theProviderUsesACodeOnce() {
        OidcMethod method = method();
        Return r = signIn(method, "jane", "enterprise");
        method.finish(r.attempt(), r.params());
        ReaderAuthException again = assertThrows(ReaderAuthException.class, () -> method.finish(r.attempt(), r.params()));
        assertEquals("the sign-in provider refused the authorization code: invalid_grant (grant request is invalid)", again.getMessage());
    }

    @Test
    void tokensOfAnotherIssuerOrAudienceOrTimeAreRefused() {
        op.idToken = b -> b.issuer("https://evil.example");
        assertRefused("the ID token is not valid: Unexpected JWT issuer: https://evil.example");
        op.idToken = b -> b.audience("another-client");
        assertRefused("the ID token is not valid: Unexpected JWT audience: [another-client]");
        op.idToken = b -> b.expirationTime(Date.from(Instant.now().minusSeconds(600))).issueTime(Date.from(Instant.now().minusSeconds(1200)));
        assertRefused("the ID token is not valid: Expired JWT");
        op.idToken = b -> b.issueTime(Date.from(Instant.now().plusSeconds(600)));
        assertRefused("the ID token is not valid: JWT issue time ahead of current time");
    }

    @Test
    void unsignedForgedAndTamperedTokensAreRefused() {
        op.signer = claims -> new PlainJWT(new PlainHeader(), claims).serialize();
        assertRefused("the ID token is not valid: Signed ID token expected");
        op.signer = claims -> TestProvider.sign(op.otherKey, claims);
        assertRefused("the ID token is not valid: Signed JWT rejected: Invalid signature");
        op.signer = claims -> {
            try { // HS256 with the provider's public key as the secret: the classic key-confusion forgery
                SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
                jwt.sign(new MACSigner(op.key.toPublicJWK().toRSAPublicKey().getEncoded()));
                return jwt.serialize();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        assertRefused("the ID token is not valid: Signed JWT rejected: Another algorithm expected, or no matching key(s) found");
        op.signer = claims -> {
            String[] parts = TestProvider.sign(op.key, claims).split("\\.");
            String payload = Base64.getUrlEncoder().withoutPadding().encodeToString(new String(Base64.getUrlDecoder().decode(parts[1]),
                    StandardCharsets.UTF_8).replace("\"jane\"", "\"admin\"").getBytes(StandardCharsets.UTF_8));
            return parts[0] + "." + payload + "." + parts[2];
        };
        assertRefused("the ID token is not valid: Signed JWT rejected: Invalid signature");
    }

    @Test
    void anAnswerNamingAnotherIssuerIsAMixUp() {
        OidcMethod method = method();
        Return r = signIn(method, "jane", "x");
        Map<String, String> params = new LinkedHashMap<>(r.params());
        params.put("iss", "https://evil.example");
        ReaderAuthException e = assertThrows(ReaderAuthException.class, () -> method.finish(r.attempt(), params));
        assertEquals("the answer names another issuer than " + op.issuer, e.getMessage());
    }

    @Test
    void aProviderErrorIsShownToTheReader() {
        OidcMethod method = method();
        SignInAttempt attempt = attempts.start("handbook", CALLBACK, "/");
        method.start(attempt);
        ReaderAuthException e = assertThrows(ReaderAuthException.class, () -> method.finish(attempt, Map.of("state", attempt.state(),
                "error", "access_denied", "error_description", "the reader cancelled")));
        assertEquals(401, e.status());
        assertEquals("the sign-in provider refused: access_denied (the reader cancelled)", e.getMessage());
    }

    @Test
    void theProviderIsReachedOnlyThroughTheEgressPolicy() {
        EgressHttp closed = new EgressHttp(new Egress(EgressSettings.NONE), Duration.ofSeconds(5), 1 << 20);
        OidcMethod method = new OidcMethod(settings(",", Optional.empty()), closed, Clock.systemUTC());
        ReaderAuthException e = assertThrows(ReaderAuthException.class,
                () -> method.start(attempts.start("handbook", CALLBACK, "/")));
        assertEquals(502, e.status());
        assertTrue(e.getMessage().startsWith("the sign-in provider's discovery document is not reachable: "), e.getMessage());
        assertTrue(op.requests.isEmpty());
    }

    @Test
    void theTokenRequestFollowsNoRedirectWithTheSecret() {
        op.tokenRedirect = "http://127.0.0.1:" + op.port() + "/info";
        OidcMethod method = method();
        Return r = signIn(method, "j", "x");
        assertThrows(ReaderAuthException.class, () -> method.finish(r.attempt(), r.params()));
        assertEquals(List.of(), op.requests, "nothing reached the redirect's target");
    }

    private void assertRefused(String message) {
        OidcMethod method = method();
        Return r = signIn(method, "jane", "enterprise");
        ReaderAuthException e = assertThrows(ReaderAuthException.class, () -> method.finish(r.attempt(), r.params()));
        assertEquals(message, e.getMessage());
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }
}
