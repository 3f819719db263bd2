-- Git sources of sites created through the admin API (issue 29): besides git_url, git_branch and
-- git_path (V9), the rest of the site's git settings, so webhooks and polls work on every server of a
-- fleet and after a restart. git_secret and git_token are the webhook's shared secrets (compared with
-- what the Git host sends, so kept as given; never answered by the API). git_poll_ms is the polling
-- interval, NULL for off; git_previews is 1 when pushes to other branches become previews.
ALTER TABLE sites ADD COLUMN git_previews INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sites ADD COLUMN git_poll_ms BIGINT;
ALTER TABLE sites ADD COLUMN git_secret TEXT;
ALTER TABLE sites ADD COLUMN git_token TEXT;
ALTER TABLE sites ADD COLUMN git_credentials_env TEXT;
ALTER TABLE sites ADD COLUMN git_credentials_user TEXT
