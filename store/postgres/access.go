package postgres

import "vigil/store/sqlflow"

// accessSQL is the PostgreSQL text of the statements of the access log and
// readers.
var accessSQL = sqlflow.AccessSQL{
	Record:  `INSERT INTO accesses (user_id, at) VALUES ($1, $2)`,
	Since:   `SELECT user_id, at FROM accesses WHERE at >= $1 ORDER BY at`,
	Prune:   `DELETE FROM accesses WHERE at < $1`,
	Readers: `SELECT user_id, feed_id, weight FROM subscriptions ORDER BY feed_id, user_id`,
}
