package sqlite

import "vigil/store/sqlflow"

// digestColumns are the columns store.ScanDigestSettings reads from users.
const digestColumns = `id, name, email, digest, webhook`

// digestSQL is the SQLite text of the digest statements.
var digestSQL = sqlflow.DigestSQL{
	Settings:    `SELECT ` + digestColumns + ` FROM users WHERE id = ?`,
	SetSettings: `UPDATE users SET email = ?, digest = ?, webhook = ? WHERE id = ?`,
	AllSettings: `SELECT ` + digestColumns + ` FROM users ORDER BY id`,
	Claim:       `INSERT INTO digests (user_id, day) VALUES (?, ?) ON CONFLICT DO NOTHING`,
	Release:     `DELETE FROM digests WHERE user_id = ? AND day = ?`,
	LastDay:     `SELECT MAX(day) FROM digests`,
}
