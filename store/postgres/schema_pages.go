package postgres

import "vigil/store/sqlflow"

// schemaV3 brings the PostgreSQL store level with the embedded store's
// reading and page versions (its schemaReading and schemaV4): each
// subscription's folder and the user's own title for the feed, Fever API
// keys, and watched pages (Glance et al.) with their versions, changes,
// evaluations, followers' settings and the digest's settings and claims.
// Page bodies are stored once per distinct content (page_blobs, keyed by
// SHA-256, DEFLATE-compressed, as the embedded store does).
// page_changes_group keeps a weekly or monthly group's change unique even
// when two workers add it at once.
var schemaV3 = columnTypes.Expand(`
ALTER TABLE subscriptions ADD COLUMN folder TEXT NOT NULL DEFAULT '';
ALTER TABLE subscriptions ADD COLUMN title TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN fever_key_hash TEXT;
CREATE UNIQUE INDEX users_fever_key ON users(fever_key_hash);
`, sqlflow.PageTables, `CREATE UNIQUE INDEX page_changes_group ON page_changes(feed_id, grp, version_id, prev_id) WHERE grp <> 'daily';
`, sqlflow.FollowTables, sqlflow.DigestTables)
