-- Issue 34, gaps and work: questions the docs failed grouped by meaning, feedback and gaps as work
-- items, and analytics keys. Times are epoch milliseconds; vectors float32 little-endian (as in V12).
--
-- gap_groups: one topic of a site's gaps. centroid is the running mean of its members' unit vectors
-- (weight members so far, so a new member moves it without reading the others); label is its most
-- central question seen (label_score its cosine to the centroid, label_vector its vector; NULL after
-- retention removed the label's question, until the grouping job embeds the new one). status is
-- open, in-progress, resolved or dismissed; reopened_at is when new questions last reopened it.
CREATE TABLE gap_groups (
    id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    centroid BYTEA NOT NULL,
    weight INTEGER NOT NULL,
    label TEXT NOT NULL,
    label_at BIGINT NOT NULL,
    label_score REAL NOT NULL,
    label_vector BYTEA,
    status TEXT NOT NULL,
    note TEXT NOT NULL,
    status_at BIGINT NOT NULL,
    reopened_at BIGINT,
    created_at BIGINT NOT NULL,
    last_at BIGINT NOT NULL
);
CREATE INDEX gap_groups_domain ON gap_groups (domain, last_at);
-- Each grouped question: its group, what kind of gap it shows, its text and the pages its answer
-- cited (JSON, as answers.sources). id names its source row (a:/f: and the message id) or is random.
CREATE TABLE gap_members (
    id TEXT PRIMARY KEY,
    group_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    sources TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
-- Covering for a period's counts per group and kind.
CREATE INDEX gap_members_domain_time ON gap_members (domain, created_at, group_id, kind);
CREATE INDEX gap_members_group_time ON gap_members (group_id, created_at);
-- The members whose answers cited pages (unhelpful ones): a group's pages without reading its unanswered questions.
CREATE INDEX gap_members_cited ON gap_members (group_id, created_at) WHERE sources <> '[]';
-- Gaps handed in through GapGrouping.add (sources without a table of their own), waiting for the job.
CREATE TABLE gap_pending (
    id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    sources TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX gap_pending_time ON gap_pending (created_at);
-- How far the grouping job has read each recorded source (answers, feedback, search misses).
CREATE TABLE gap_cursors (
    source TEXT PRIMARY KEY,
    done_until BIGINT NOT NULL
);
-- The work state of one feedback item (answer_feedback row); absent: open, no note.
CREATE TABLE feedback_work (
    message_id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    status TEXT NOT NULL,
    note TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX feedback_work_domain_status ON feedback_work (domain, status);
-- Analytics keys: read-only keys of one organisation for the insights export API. A table of their
-- own, so they can never open the assistant or search (api_keys) and assistant keys never open insights.
CREATE TABLE analytics_keys (
    id TEXT PRIMARY KEY,
    organization TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    prefix TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT,
    revoked_at BIGINT,
    last_used_at BIGINT
);
CREATE INDEX analytics_keys_organization ON analytics_keys (organization)
;
-- The grouping job reads the recorded sources by time across sites.
CREATE INDEX answers_time ON answers (created_at);
CREATE INDEX answer_feedback_time ON answer_feedback (created_at);
CREATE INDEX search_misses_time ON search_misses (created_at)
