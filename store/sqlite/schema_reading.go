package sqlite

// schemaReading serves reader apps: each subscription gets the user's
// folder (a "/"-separated path, "" at the top level) and the user's own
// title for the feed ("" for the feed's), for OPML folders and the Google
// Reader API's labels; each user may get a Fever API key, stored as the
// SHA-256 of md5(name:password) as the Fever API's clients send it.
const schemaReading = `
ALTER TABLE subscriptions ADD COLUMN folder TEXT NOT NULL DEFAULT '';
ALTER TABLE subscriptions ADD COLUMN title TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN fever_key_hash TEXT;
CREATE UNIQUE INDEX users_fever_key ON users(fever_key_hash);
`
