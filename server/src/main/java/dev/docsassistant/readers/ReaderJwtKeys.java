package dev.docsassistant.readers;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.util.Base64URL;
import dev.docsassistant.store.Database;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.text.ParseException;
import java.time.Clock;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * The Ed25519 key pair of each site whose readers sign in by JWT. The server makes the pair; the
 * private key (PKCS #8, PEM) is given once to whoever asked, for the customer's login flow to sign
 * with, and never kept; the public key is stored (table {@code reader_jwt_keys}) to verify with. A new
 * pair replaces the old one: tokens signed with the old private key no longer sign anyone in.
 */
public final class ReaderJwtKeys {
    private static final Logger LOG = Logger.getLogger(ReaderJwtKeys.class.getName());
    /** The X.509 SubjectPublicKeyInfo prefix of an Ed25519 key: the raw 32 bytes follow it. */
    private static final int X509_PREFIX = 12;

    /** A key pair just made: the private key is shown to the caller once. */
    public record Made(String privateKeyPem, OctetKeyPair publicJwk) {
        @Override
        public String toString() {
            return "Made[" + publicJwk.getKeyID() + "]";
        }
    }

    private final Database db;
    private final Clock clock;
    private final Map<String, Optional<OctetKeyPair>> cache = new ConcurrentHashMap<>();

    public ReaderJwtKeys(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Makes and stores a new pair for the site, replacing any before it. */
    public Made generate(String domain) {
        KeyPair pair;
        try {
            pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 is part of every JDK since 15", e);
        }
        byte[] spki = pair.getPublic().getEncoded();
        OctetKeyPair jwk;
        try {
            jwk = new OctetKeyPair.Builder(Curve.Ed25519, Base64URL.encode(Arrays.copyOfRange(spki, X509_PREFIX, spki.length)))
                    .keyIDFromThumbprint().build();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException("a JWK thumbprint is SHA-256 of the key", e);
        }
        String json = jwk.toPublicJWK().toJSONString();
        long now = clock.millis();
        db.transaction(c -> {
            try (PreparedStatement del = c.prepareStatement("DELETE FROM reader_jwt_keys WHERE domain = ?")) {
                del.setString(1, domain);
                del.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO reader_jwt_keys (domain, public_jwk, created_at) VALUES (?, ?, ?)")) {
                ps.setString(1, domain);
                ps.setString(2, json);
                ps.setLong(3, now);
                ps.executeUpdate();
            }
            return null;
        });
        cache.put(domain, Optional.of(jwk.toPublicJWK()));
        LOG.info("site " + domain + ": a new JWT signing key " + jwk.getKeyID() + " was made (its private key was shown once)");
        String pem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(pair.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
        return new Made(pem, jwk.toPublicJWK());
    }

    /** The site's public key, if one was made. */
    public Optional<OctetKeyPair> publicKey(String domain) {
        return cache.computeIfAbsent(domain, this::load);
    }

    private Optional<OctetKeyPair> load(String domain) {
        String json = db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT public_jwk FROM reader_jwt_keys WHERE domain = ?")) {
                ps.setString(1, domain);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getString(1) : null;
                }
            }
        });
        if (json == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(OctetKeyPair.parse(json));
        } catch (ParseException e) {
            throw new IllegalStateException("the stored JWT key of site " + domain + " is not a JWK", e);
        }
    }
}
