-- The access groups a key may read (pages whose front matter names one of them), one per line; empty:
-- public pages only. Groups come from the key, never from the request, so keys made before this
-- migration, page keys and configured site keys read public pages only.
ALTER TABLE api_keys ADD COLUMN access_groups TEXT NOT NULL DEFAULT ''
