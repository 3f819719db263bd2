-- The sites' authorization server for MCP clients (/authed/mcp), kept in the store so that a restart
-- or another server of a fleet knows a client, a consent waiting and a code given out.
-- mcp_clients: clients registered dynamically (RFC 7591); redirect_uris a JSON array, matched exactly.
-- mcp_requests: authorization requests waiting for the reader's consent (minutes).
-- mcp_codes: one-time codes; only the code's SHA-256 is kept; reader: the reader's user data as JSON.
-- Times are epoch milliseconds.
CREATE TABLE mcp_clients (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    redirect_uris TEXT NOT NULL,
    registered_at BIGINT NOT NULL
);
CREATE INDEX mcp_clients_by_age ON mcp_clients (registered_at);
CREATE TABLE mcp_requests (
    id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    client_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    code_challenge TEXT NOT NULL,
    state TEXT,
    resource TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX mcp_requests_by_age ON mcp_requests (created_at);
CREATE TABLE mcp_codes (
    code_hash TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    client_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    code_challenge TEXT NOT NULL,
    resource TEXT NOT NULL,
    reader TEXT NOT NULL,
    reader_expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX mcp_codes_by_age ON mcp_codes (created_at);
