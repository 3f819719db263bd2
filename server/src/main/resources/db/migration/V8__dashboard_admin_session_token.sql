-- Each admin dashboard session remembers which admin token opened it (its SHA-256, as keys are kept):
-- once the configured token changes (or is removed), sessions opened with the old one no longer open
-- anything. Sessions from before this column (NULL) are ended by the same rule.
ALTER TABLE dashboard_sessions ADD COLUMN admin_token_hash TEXT;
