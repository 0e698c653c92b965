package sqlite

import "vigil/store/sqlflow"

// accessSQL is the SQLite text of the statements of the access log and
// readers.
var accessSQL = sqlflow.AccessSQL{
	Record:    `INSERT INTO accesses (user_id, feed_id, at) VALUES (?, ?, ?)`,
	Since:     `SELECT user_id, at FROM accesses WHERE at >= ? AND feed_id IS NULL ORDER BY at`,
	Looks:     `SELECT user_id, feed_id, at FROM accesses WHERE at >= ? AND feed_id IS NOT NULL ORDER BY at`,
	FeedLooks: `SELECT user_id, feed_id, at FROM accesses WHERE feed_id = ? AND at >= ? ORDER BY at`,
	Prune:     `DELETE FROM accesses WHERE at < ?`,
	Readers:   `SELECT user_id, feed_id, weight FROM subscriptions ORDER BY feed_id, user_id`,
}
