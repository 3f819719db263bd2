-- Section vectors shared by a fleet (issue 29): a section embedded by one server is found here by
-- the others, so each is embedded once for all servers. text_key is the SHA-256 of the model id and
-- the embedded text, as in the local embedding cache (<data-dir>/embeddings); vector is the unit
-- vector's floats, little-endian. Only PostgreSQL stores use it: a SQLite store has one server, whose
-- local cache holds every vector already. The table is created on both so the two dialects keep one
-- schema history (BYTEA has BLOB storage in SQLite, as in V9).
CREATE TABLE shared_embeddings (
    model TEXT NOT NULL,
    text_key BYTEA NOT NULL,
    vector BYTEA NOT NULL,
    PRIMARY KEY (model, text_key)
)
