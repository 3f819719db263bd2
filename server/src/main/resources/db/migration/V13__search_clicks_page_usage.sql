-- Search analytics, page answer share and agents beside humans (issue 34, insights-usage):
-- every search with its result paths (newline separated) and how often one was opened, each opened
-- result once per search, feedback agents send about a page (MCP), which channel feedback on an
-- answer came through (NULL: the site or the REST API), and page traffic per day by audience,
-- rolled up from in-memory counters. Times epoch milliseconds, days epoch days (UTC).
CREATE TABLE searches (
    search_id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    channel TEXT NOT NULL,
    query TEXT NOT NULL,
    results INTEGER NOT NULL,
    paths TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX searches_domain_time ON searches (domain, created_at);
CREATE TABLE search_clicks (
    search_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    path TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (search_id, path)
);
CREATE INDEX search_clicks_domain_time ON search_clicks (domain, created_at);
CREATE TABLE page_feedback (
    id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    path TEXT NOT NULL,
    channel TEXT NOT NULL,
    helpful INTEGER NOT NULL,
    comment TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX page_feedback_domain_time ON page_feedback (domain, created_at);
ALTER TABLE answer_feedback ADD COLUMN channel TEXT;
CREATE TABLE page_traffic (
    domain TEXT NOT NULL,
    day BIGINT NOT NULL,
    path TEXT NOT NULL,
    audience TEXT NOT NULL,
    hits BIGINT NOT NULL,
    PRIMARY KEY (domain, day, path, audience)
);
