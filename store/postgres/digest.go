package postgres

import "vigil/store/sqlflow"

// digestColumns are the columns store.ScanDigestSettings reads from users.
const digestColumns = `id, name, email, digest, webhook`

// digestSQL is the PostgreSQL text of the digest statements.
var digestSQL = sqlflow.DigestSQL{
	Settings:    `SELECT ` + digestColumns + ` FROM users WHERE id = $1`,
	SetSettings: `UPDATE users SET email = $1, digest = $2, webhook = $3 WHERE id = $4`,
	AllSettings: `SELECT ` + digestColumns + ` FROM users ORDER BY id`,
	Claim:       `INSERT INTO digests (user_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
	Release:     `DELETE FROM digests WHERE user_id = $1 AND day = $2`,
	LastDay:     `SELECT MAX(day) FROM digests`,
}
