-- Whom a thread belongs to and what its answers read. owner: 'key:{id}' for a private key's thread,
-- 'pages:{domain}' for one made with a key a site's pages embed (reached only with the thread's own
-- key). access_groups: the access groups its answers read, one per line; a caller reaches the thread
-- only while its key holds all of them. Threads made before this migration have no owner: they are
-- reached with their thread key only.
ALTER TABLE threads ADD COLUMN owner TEXT;
ALTER TABLE threads ADD COLUMN access_groups TEXT NOT NULL DEFAULT '';
