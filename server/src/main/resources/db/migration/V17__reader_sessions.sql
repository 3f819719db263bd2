-- Readers signed in to a site (sites[].reader-auth). The cookie holds a random token; only its
-- SHA-256 is kept. reader: the reader's user data (id, groups, content, apiPlaygroundInputs) as JSON.
-- Times are epoch milliseconds. Signing everyone out of a site deletes its rows.
CREATE TABLE reader_sessions (
    token_hash TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    reader TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX reader_sessions_by_domain ON reader_sessions (domain, expires_at);
