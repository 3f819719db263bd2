-- Insights and the dashboard, one self-contained step: each answer as insights read it, feedback on
-- answers, per-day roll-ups the insights page reads (questions per channel, unanswered wordings,
-- cited pages), one summary row per conversation for the lists, searches that found nothing,
-- dashboard users with their one-time sign-in links and sessions (tokens stored only as SHA-256),
-- and when each key was last used. Booleans are INTEGER 0/1, times epoch milliseconds, days epoch
-- days (UTC), in both SQLite and PostgreSQL.
CREATE TABLE answers (
    message_id TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    channel TEXT NOT NULL,
    question TEXT NOT NULL,
    question_key TEXT NOT NULL,
    answer TEXT NOT NULL,
    sources TEXT NOT NULL,
    answered INTEGER NOT NULL,
    latency_ms INTEGER NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX answers_domain_time ON answers (domain, created_at);
CREATE INDEX answers_thread ON answers (thread_id, created_at);
CREATE TABLE answer_feedback (
    message_id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    thread_id TEXT NOT NULL,
    helpful INTEGER NOT NULL,
    comment TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX answer_feedback_domain_time ON answer_feedback (domain, created_at);
CREATE INDEX answer_feedback_thread ON answer_feedback (thread_id);
CREATE TABLE question_days (
    domain TEXT NOT NULL,
    day BIGINT NOT NULL,
    channel TEXT NOT NULL,
    questions INTEGER NOT NULL,
    answered INTEGER NOT NULL,
    PRIMARY KEY (domain, day, channel)
);
CREATE TABLE unanswered_days (
    domain TEXT NOT NULL,
    day BIGINT NOT NULL,
    question_key TEXT NOT NULL,
    asked INTEGER NOT NULL,
    example TEXT NOT NULL,
    last_at BIGINT NOT NULL,
    PRIMARY KEY (domain, day, question_key)
);
-- Covering, in key order: a period's wordings are summed without sorting every row.
CREATE INDEX unanswered_days_key ON unanswered_days (domain, question_key, day, asked, last_at, example);
CREATE TABLE conversation_threads (
    thread_id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    first_question TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    last_at BIGINT NOT NULL,
    questions INTEGER NOT NULL,
    unanswered INTEGER NOT NULL,
    helpful INTEGER NOT NULL,
    not_helpful INTEGER NOT NULL
);
CREATE INDEX conversation_threads_domain_time ON conversation_threads (domain, last_at);
CREATE TABLE page_citations (
    domain TEXT NOT NULL,
    day BIGINT NOT NULL,
    path TEXT NOT NULL,
    title TEXT NOT NULL,
    citations INTEGER NOT NULL,
    PRIMARY KEY (domain, day, path)
);
CREATE TABLE search_misses (
    domain TEXT NOT NULL,
    channel TEXT NOT NULL,
    query TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX search_misses_domain_time ON search_misses (domain, created_at);
CREATE INDEX search_misses_query ON search_misses (domain, query, created_at);
CREATE TABLE dashboard_users (
    id TEXT PRIMARY KEY,
    organization TEXT NOT NULL,
    email TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (organization, email)
);
CREATE TABLE dashboard_links (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES dashboard_users (id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE TABLE dashboard_sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT REFERENCES dashboard_users (id) ON DELETE CASCADE,
    admin INTEGER NOT NULL,
    csrf TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
ALTER TABLE api_keys ADD COLUMN last_used_at BIGINT
