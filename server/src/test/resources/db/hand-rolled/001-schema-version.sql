-- The migration bookkeeping table is created by the runner itself; this first script records
-- that the store exists so later scripts start at version 2.
CREATE TABLE IF NOT EXISTS store_info (name TEXT PRIMARY KEY, value TEXT NOT NULL);
