-- The Ed25519 public key each site verifies its readers' JWTs with (sites[].reader-auth method jwt or
-- jwt-personalization), as a public JWK. The private key was shown once to whoever made it; it is not kept.
CREATE TABLE reader_jwt_keys (
    domain TEXT PRIMARY KEY,
    public_jwk TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
