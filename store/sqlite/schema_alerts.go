package sqlite

import "slices"

// schemaAlerts adds the users' notification channels, their alert rules
// over feeds and the outbox of messages waiting to be sent; a channel's
// send_after is its rate limit, the earliest its messages may be claimed
// again. A sent message
// is deleted; the UNIQUE constraint keeps an item or change from being
// queued twice for one channel.
const schemaAlerts = `
CREATE TABLE notify_channels (
	id            INTEGER PRIMARY KEY,
	user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	url           TEXT NOT NULL,
	shown         TEXT NOT NULL,
	created_at    INTEGER NOT NULL,
	failures      INTEGER NOT NULL DEFAULT 0,
	last_error    TEXT NOT NULL DEFAULT '',
	last_error_at INTEGER,
	last_sent_at  INTEGER,
	send_after    INTEGER NOT NULL DEFAULT 0,
	UNIQUE (user_id, url)
);

CREATE TABLE alert_rules (
	id         INTEGER PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	feed_id    INTEGER REFERENCES feeds(id) ON DELETE CASCADE,
	query      TEXT NOT NULL,
	created_at INTEGER NOT NULL
);
CREATE INDEX alert_rules_user ON alert_rules(user_id);
CREATE INDEX alert_rules_feed ON alert_rules(feed_id) WHERE feed_id IS NOT NULL;

CREATE TABLE outbox (
	id          INTEGER PRIMARY KEY,
	channel_id  INTEGER NOT NULL REFERENCES notify_channels(id) ON DELETE CASCADE,
	kind        TEXT NOT NULL,
	ref_id      INTEGER NOT NULL,
	title       TEXT NOT NULL,
	link        TEXT NOT NULL,
	body        TEXT NOT NULL,
	created_at  INTEGER NOT NULL,
	next_at     INTEGER NOT NULL,
	attempts    INTEGER NOT NULL DEFAULT 0,
	lease_owner TEXT NOT NULL DEFAULT '',
	lease_until INTEGER NOT NULL DEFAULT 0,
	UNIQUE (channel_id, kind, ref_id)
);
CREATE INDEX outbox_due ON outbox(next_at);
`

// hasOutbox reports whether the migrations create the outbox: the item
// ingest queues alerts only then.
func hasOutbox() bool {
	return slices.ContainsFunc(migrations, func(m migration) bool { return m.sql == schemaAlerts })
}
