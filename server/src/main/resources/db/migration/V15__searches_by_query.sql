-- The dashboard's search analytics group a period's searches by query: in this key order SQLite and
-- PostgreSQL read the groups off the index (covering: results and clicks are in it) instead of sorting
-- every search of the period.
CREATE INDEX searches_domain_query ON searches (domain, query, created_at, results, clicks);
