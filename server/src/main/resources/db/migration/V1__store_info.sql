-- The first schema version: a table of facts about the store itself.
CREATE TABLE IF NOT EXISTS store_info (name TEXT PRIMARY KEY, value TEXT NOT NULL);
