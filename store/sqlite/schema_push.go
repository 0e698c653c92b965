package sqlite

import "slices"

// schemaPush adds the feeds' WebSub subscriptions and marks the
// observations whose content a hub pushed. A subscription names its feed
// without a foreign key: it stays after the feed is removed, until vigil
// has asked the hub to end it.
const schemaPush = `
CREATE TABLE push_subscriptions (
	feed_id      INTEGER PRIMARY KEY,
	hub          TEXT NOT NULL,
	topic        TEXT NOT NULL,
	state        TEXT NOT NULL,
	callback_key TEXT NOT NULL,
	secret       TEXT NOT NULL,
	requested_at INTEGER,
	lease_until  INTEGER,
	last_push_at INTEGER,
	note         TEXT NOT NULL DEFAULT ''
);

ALTER TABLE observations ADD COLUMN pushed INTEGER NOT NULL DEFAULT 0;
`

// insertObservationSQL stores an observation (feed, at, status, bytes,
// latency, items, new items, updated items, not modified, error, pushed);
// under a schema before schemaPush, which tests of older migrations
// open, the pushed mark is dropped.
func insertObservationSQL() string {
	if !slices.ContainsFunc(migrations, func(m migration) bool { return m.sql == schemaPush }) {
		return `INSERT INTO observations (feed_id, at, status, bytes, latency, items,
			new_items, updated_items, not_modified, error)
			SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 WHERE ?11 IS NOT NULL`
	}
	return `INSERT INTO observations (feed_id, at, status, bytes, latency, items,
			new_items, updated_items, not_modified, error, pushed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
}
