package dev.docsassistant.readers;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.oauth2.sdk.token.AccessToken;
import com.nimbusds.openid.connect.sdk.AuthenticationErrorResponse;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.AuthenticationResponse;
import com.nimbusds.openid.connect.sdk.AuthenticationResponseParser;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import dev.docsassistant.egress.EgressHttp;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Sign-in through an OpenID Connect provider: the authorization code flow with PKCE (S256), the
 * provider found by discovery from the issuer ({@link OidcProvider}), the ID token validated by Nimbus
 * (signature by the issuer's published keys, issuer, audience, expiry, issue time, and the nonce of
 * this browser's attempt). The routes have already matched the answer's state to the browser's and
 * used the attempt once; the provider uses each code once. Groups come from the configured claim of the
 * ID token (or, when the ID token lacks it, of a JWT access token signed by the issuer), or from the
 * Info API. Every call to the provider goes through the egress policy ({@link ProviderHttp}).
 */
public final class OidcMethod implements ReaderAuthMethod {
    /** How long discovered metadata is used before it is read again. */
    static final Duration METADATA_LIFETIME = Duration.ofHours(1);

    private final ReaderAuthSettings.Oidc settings;
    private final ProviderHttp http;
    private final Clock clock;
    private volatile OidcProvider provider;

    public OidcMethod(ReaderAuthSettings.Oidc settings, EgressHttp http, Clock clock) {
        this.settings = settings;
        this.http = new ProviderHttp(http);
        this.clock = clock;
    }

    @Override
    public Form form() {
        return Form.REDIRECT;
    }

    @Override
    public URI start(SignInAttempt attempt) {
        List<String> scopes = settings.scopes().contains("openid") ? settings.scopes()
                : java.util.stream.Stream.concat(java.util.stream.Stream.of("openid"), settings.scopes().stream()).toList();
        return new AuthenticationRequest.Builder(ResponseType.CODE, new Scope(scopes.toArray(String[]::new)),
                new ClientID(settings.clientId()), attempt.callback())
                .endpointURI(provider().metadata().getAuthorizationEndpointURI())
                .state(new State(attempt.state())).nonce(new Nonce(attempt.nonce()))
                .codeChallenge(new CodeVerifier(attempt.codeVerifier()), CodeChallengeMethod.S256)
                .build().toURI();
    }

    @Override
    public Reader finish(SignInAttempt attempt, Map<String, String> params) {
        AuthenticationResponse response;
        try {
            Map<String, List<String>> query = new LinkedHashMap<>();
            params.forEach((k, v) -> query.put(k, List.of(v)));
            response = AuthenticationResponseParser.parse(attempt.callback(), query);
        } catch (ParseException e) {
            throw ReaderAuthException.badRequest("the sign-in provider's answer is malformed: " + e.getMessage());
        }
        if (response.getState() == null || !response.getState().getValue().equals(attempt.state())) {
            throw ReaderAuthException.badRequest("the answer's state is not the one this browser's sign-in started with: sign in again");
        }
        OidcProvider p = provider();
        if (response.getIssuer() != null && !response.getIssuer().equals(p.metadata().getIssuer())) {
            throw ReaderAuthException.badRequest("the answer names another issuer than " + settings.issuer());
        }
        if (response instanceof AuthenticationErrorResponse error) {
            throw ReaderAuthException.unauthorized("the sign-in provider refused: " + describe(error.getErrorObject()));
        }
        AuthorizationCode code = response.toSuccessResponse().getAuthorizationCode();
        if (code == null) {
            throw ReaderAuthException.badRequest("the sign-in provider's answer has no authorization code");
        }
        OIDCTokenResponse tokens = exchange(p, code, attempt);
        IDTokenClaimsSet id = validate(p, tokens.getOIDCTokens().getIDToken(), new Nonce(attempt.nonce()));
        AccessToken access = tokens.getOIDCTokens().getAccessToken();
        Instant now = clock.instant();
        Optional<String> subject = Optional.of(id.getSubject().getValue());
        if (settings.infoApi().isPresent()) {
            return UserData.read(InfoApi.read(http, settings.infoApi().get(), access), subject, now);
        }
        Object claim = id.getClaim(settings.groupsClaim());
        if (claim == null && looksLikeJwt(access)) {
            claim = accessClaims(p, access).getClaim(settings.groupsClaim());
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.set("groups", GroupsClaim.read(claim, settings.groupsDelimiter().orElse("")));
        // The session lasts as long as the provider's tokens do.
        Instant expires = access.getLifetime() > 0 ? now.plusSeconds(access.getLifetime()) : id.getExpirationTime().toInstant();
        data.put("expiresAt", expires.getEpochSecond());
        return UserData.read(data, subject, now);
    }

    @Override
    public Optional<URI> logout() {
        return settings.logoutUrl();
    }

    private OIDCTokenResponse exchange(OidcProvider p, AuthorizationCode code, SignInAttempt attempt) {
        URI endpoint = p.metadata().getTokenEndpointURI();
        AuthorizationCodeGrant grant = new AuthorizationCodeGrant(code, attempt.callback(), new CodeVerifier(attempt.codeVerifier()));
        ClientID client = new ClientID(settings.clientId());
        TokenRequest request;
        if (settings.clientSecret().isPresent()) {
            Secret secret = new Secret(settings.clientSecret().get());
            List<ClientAuthenticationMethod> methods = p.metadata().getTokenEndpointAuthMethods();
            boolean postOnly = methods != null && !methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
                    && methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_POST);
            request = new TokenRequest(endpoint, postOnly ? new ClientSecretPost(client, secret) : new ClientSecretBasic(client, secret), grant);
        } else {
            request = new TokenRequest(endpoint, client, grant);
        }
        TokenResponse parsed;
        try {
            parsed = OIDCTokenResponseParser.parse(http.send(request.toHTTPRequest(), "token endpoint"));
        } catch (ParseException e) {
            throw ProviderHttp.unreachable("the sign-in provider's token answer is malformed: " + e.getMessage());
        }
        if (parsed instanceof TokenErrorResponse error) {
            throw ReaderAuthException.unauthorized("the sign-in provider refused the authorization code: " + describe(error.getErrorObject()));
        }
        return (OIDCTokenResponse) parsed.toSuccessResponse();
    }

    private static IDTokenClaimsSet validate(OidcProvider p, JWT idToken, Nonce nonce) {
        if (idToken == null) {
            throw ProviderHttp.unreachable("the sign-in provider gave no ID token (is openid among the scopes?)");
        }
        try {
            return p.idTokens().validate(idToken, nonce);
        } catch (BadJOSEException e) {
            throw ReaderAuthException.unauthorized("the ID token is not valid: " + e.getMessage());
        } catch (JOSEException e) {
            throw ReaderAuthException.unauthorized("the ID token could not be checked: " + e.getMessage());
        }
    }

    private static boolean looksLikeJwt(AccessToken access) {
        return access.getValue().chars().filter(c -> c == '.').count() == 2;
    }

    /** A JWT access token's claims: signed by the issuer's keys, unexpired, of this issuer (its audience is the API's). */
    private static JWTClaimsSet accessClaims(OidcProvider p, AccessToken access) {
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), null));
        processor.setJWSKeySelector(p.keys());
        processor.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(
                new JWTClaimsSet.Builder().issuer(p.metadata().getIssuer().getValue()).build(), Set.of("exp")));
        try {
            return processor.process(access.getValue(), null);
        } catch (java.text.ParseException | BadJOSEException | JOSEException e) {
            throw ReaderAuthException.unauthorized("the access token is not valid: " + e.getMessage());
        }
    }

    /** The discovered provider, read again after {@link #METADATA_LIFETIME} (the last good one kept while that fails). */
    private OidcProvider provider() {
        OidcProvider known = provider;
        Instant now = clock.instant();
        if (known != null && known.read().plus(METADATA_LIFETIME).isAfter(now)) {
            return known;
        }
        synchronized (this) {
            if (provider != known) {
                return provider;
            }
            try {
                provider = OidcProvider.discover(settings.issuer(), settings.clientId(), http, now);
            } catch (ReaderAuthException e) {
                if (known == null) {
                    throw e;
                }
                provider = known.keptAt(now);
            }
            return provider;
        }
    }

    private static String describe(ErrorObject error) {
        if (error == null) {
            return "no reason given";
        }
        String text = error.getCode() + (error.getDescription() == null ? "" : " (" + error.getDescription() + ")");
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }
}
