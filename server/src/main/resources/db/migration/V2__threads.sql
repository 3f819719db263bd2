-- Assistant conversations. A thread belongs to one site (domain); its key is stored only as a hash.
CREATE TABLE threads (
    id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    fp TEXT NOT NULL,
    key_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE TABLE thread_messages (
    thread_id TEXT NOT NULL REFERENCES threads (id),
    seq INTEGER NOT NULL,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    sources TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (thread_id, seq)
);
