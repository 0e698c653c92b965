package postgres

// schemaPush adds the feeds' WebSub subscriptions and marks the
// observations whose content a hub pushed, as the SQLite store's
// migration of the same name does.
const schemaPush = `
CREATE TABLE push_subscriptions (
	feed_id      BIGINT PRIMARY KEY,
	hub          TEXT NOT NULL,
	topic        TEXT NOT NULL,
	state        TEXT NOT NULL,
	callback_key TEXT NOT NULL,
	secret       TEXT NOT NULL,
	requested_at BIGINT,
	lease_until  BIGINT,
	last_push_at BIGINT,
	note         TEXT NOT NULL DEFAULT ''
);

ALTER TABLE observations ADD COLUMN pushed BOOLEAN NOT NULL DEFAULT false;
`
