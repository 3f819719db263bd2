-- Who asked, for sites that record their readers' identities (sites[].reader-auth.record-identity):
-- the signed-in reader's subject (OpenID Connect sub, the JWT's sub). NULL for every other answer:
-- public visitors, keys, sites that do not record identities, and answers written before this.
-- conversation_threads.reader is the first reader recorded in the thread.
ALTER TABLE answers ADD COLUMN reader TEXT;
ALTER TABLE conversation_threads ADD COLUMN reader TEXT;
