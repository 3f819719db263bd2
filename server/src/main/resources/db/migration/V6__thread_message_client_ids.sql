-- The client's own id of each stored question (AI SDK messages[].id, gRPC Message.id): a retry of a
-- question the thread already holds (same id, same text) replaces that turn instead of appending a
-- second copy. NULL when the client sent no id. Not unique: some clients give every message the same
-- id, and those questions differ in text; appends to one thread are serialised, so a retry never races
-- its own stored copy.
ALTER TABLE thread_messages ADD COLUMN client_id TEXT;
CREATE INDEX thread_messages_client_id ON thread_messages (thread_id, client_id);
