-- Deployments (issue 29): sites as data, each site's immutable content versions, and the content
-- itself, content-addressed. sites holds every site, those of the configuration file (source
-- 'config') and those created through the admin API ('api', with an optional Git source stored for
-- later); active_deployment is the version every server serves. deployment_files lists each
-- version's files by SHA-256; content_blobs holds each distinct file once, so a deployment that
-- changes one page stores one new blob. problems is a JSON array; times are epoch milliseconds.
-- BYTEA has BLOB storage in SQLite (a blob keeps its bytes under any column affinity).
CREATE TABLE sites (
    domain TEXT PRIMARY KEY,
    organization TEXT NOT NULL,
    source TEXT NOT NULL,
    git_url TEXT,
    git_branch TEXT,
    git_path TEXT,
    active_deployment TEXT,
    created_at BIGINT NOT NULL
);
CREATE TABLE deployments (
    id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    seq BIGINT NOT NULL,
    source_kind TEXT NOT NULL,
    source TEXT NOT NULL,
    created_by TEXT NOT NULL,
    preview TEXT,
    status TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    files INTEGER NOT NULL,
    bytes BIGINT NOT NULL,
    pages INTEGER,
    build_ms BIGINT,
    problems TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    finished_at BIGINT,
    activated_at BIGINT,
    UNIQUE (domain, seq)
);
CREATE INDEX deployments_content ON deployments (domain, content_hash);
CREATE TABLE deployment_files (
    deployment_id TEXT NOT NULL,
    path TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size BIGINT NOT NULL,
    PRIMARY KEY (deployment_id, path)
);
CREATE INDEX deployment_files_blob ON deployment_files (sha256);
CREATE TABLE content_blobs (
    sha256 TEXT PRIMARY KEY,
    size BIGINT NOT NULL,
    content BYTEA NOT NULL
)
