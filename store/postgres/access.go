package postgres

import "vigil/store/sqlflow"

// accessSQL is the PostgreSQL text of the statements of the access log and
// readers.
var accessSQL = sqlflow.AccessSQL{
	Record:    `INSERT INTO accesses (user_id, feed_id, at) VALUES ($1, $2, $3)`,
	Since:     `SELECT user_id, at FROM accesses WHERE at >= $1 AND feed_id IS NULL ORDER BY at`,
	Looks:     `SELECT user_id, feed_id, at FROM accesses WHERE at >= $1 AND feed_id IS NOT NULL ORDER BY at`,
	FeedLooks: `SELECT user_id, feed_id, at FROM accesses WHERE feed_id = $1 AND at >= $2 ORDER BY at`,
	Prune:     `DELETE FROM accesses WHERE at < $1`,
	Readers:   `SELECT user_id, feed_id, weight FROM subscriptions ORDER BY feed_id, user_id`,
}
