package dev.docsassistant.readers;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderConfigurationRequest;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;

import java.net.MalformedURLException;
import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An OpenID provider as its discovery document describes it: the metadata (its issuer must be the
 * configured one exactly), the keys it publishes ({@code jwks_uri}, read and cached by Nimbus through the
 * egress policy) and the ID token validator built on them, accepting public-key algorithms only (never
 * {@code none} or an HMAC, whose secret a forger would take to be the public key).
 */
record OidcProvider(OIDCProviderMetadata metadata, IDTokenValidator idTokens, JWSVerificationKeySelector<SecurityContext> keys,
                    Instant read) {
    private static final Set<JWSAlgorithm.Family> ASYMMETRIC = Set.of(JWSAlgorithm.Family.RSA, JWSAlgorithm.Family.EC,
            JWSAlgorithm.Family.ED);

    /** The same provider, counted as read at {@code now} (kept while reading it again fails). */
    OidcProvider keptAt(Instant now) {
        return new OidcProvider(metadata, idTokens, keys, now);
    }

    static OidcProvider discover(URI configuredIssuer, String clientId, ProviderHttp http, Instant now) {
        Issuer issuer = new Issuer(configuredIssuer);
        HTTPRequest request = new OIDCProviderConfigurationRequest(issuer).toHTTPRequest();
        HTTPResponse answer = http.send(request, "discovery document");
        if (answer.getStatusCode() != 200) {
            throw ProviderHttp.unreachable("the sign-in provider's discovery document answered " + answer.getStatusCode());
        }
        OIDCProviderMetadata metadata;
        try {
            metadata = OIDCProviderMetadata.parse(answer.getBody());
        } catch (ParseException e) {
            throw ProviderHttp.unreachable("the sign-in provider's discovery document is malformed: " + e.getMessage());
        }
        if (!metadata.getIssuer().equals(issuer)) {
            throw ProviderHttp.unreachable("the discovery document names issuer " + metadata.getIssuer() + ", not " + configuredIssuer);
        }
        if (metadata.getCodeChallengeMethods() != null && !metadata.getCodeChallengeMethods().contains(CodeChallengeMethod.S256)) {
            throw ProviderHttp.unreachable("the sign-in provider does not support PKCE with S256");
        }
        List<JWSAlgorithm> offered = metadata.getIDTokenJWSAlgs() == null ? List.of(JWSAlgorithm.RS256) : metadata.getIDTokenJWSAlgs();
        Set<JWSAlgorithm> algorithms = new LinkedHashSet<>();
        offered.stream().filter(a -> ASYMMETRIC.stream().anyMatch(f -> f.contains(a))).forEach(algorithms::add);
        if (algorithms.isEmpty()) {
            throw ProviderHttp.unreachable("the sign-in provider signs ID tokens with no public-key algorithm (" + offered + ")");
        }
        if (metadata.getJWKSetURI() == null) {
            throw ProviderHttp.unreachable("the sign-in provider's discovery document has no jwks_uri");
        }
        JWKSource<SecurityContext> keys;
        try {
            keys = JWKSourceBuilder.create(metadata.getJWKSetURI().toURL(), http).build();
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw ProviderHttp.unreachable("the sign-in provider's jwks_uri is not a URL");
        }
        JWSVerificationKeySelector<SecurityContext> selector = new JWSVerificationKeySelector<>(algorithms, keys);
        return new OidcProvider(metadata, new IDTokenValidator(issuer, new ClientID(clientId), selector, null), selector, now);
    }
}
