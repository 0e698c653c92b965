package postgres

import "vigil/store/sqlflow"

// userColumns are the columns store.ScanUser reads, in order, for a user aliased u.
const userColumns = `u.id, u.name, u.password_hash, COALESCE(u.token_hash, ''), u.created_at, u.interests`

// userSQL is the PostgreSQL text of the user statements; names sort
// bytewise, as in SQLite.
var userSQL = sqlflow.UserSQL{
	Create: `INSERT INTO users (name, password_hash, token_hash, created_at, interests) VALUES ($1, $2, $3, $4, $5)
		RETURNING id`,
	ByName:       `SELECT ` + userColumns + ` FROM users u WHERE u.name = $1`,
	ByToken:      `SELECT ` + userColumns + ` FROM users u WHERE u.token_hash = $1`,
	List:         `SELECT ` + userColumns + ` FROM users u ORDER BY u.name COLLATE "C", u.id`,
	SetInterests: `UPDATE users SET interests = $1 WHERE id = $2`,
	SetPassword:  `UPDATE users SET password_hash = $1 WHERE id = $2`,
	SetToken:     `UPDATE users SET token_hash = $1 WHERE id = $2`,
	Delete:       `DELETE FROM users WHERE id = $1`,
}
