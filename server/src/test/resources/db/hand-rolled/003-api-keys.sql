-- Assistant keys: only a SHA-256 hash of the key and a short display prefix are stored.
-- origins is a space-separated list of allowed browser origins (empty: any).
CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    organization TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    prefix TEXT NOT NULL,
    origins TEXT NOT NULL,
    source TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT,
    revoked_at BIGINT
);
CREATE INDEX api_keys_organization ON api_keys (organization);
CREATE INDEX api_keys_source ON api_keys (source)
