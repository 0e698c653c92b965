package sqlite

import "vigil/store/sqlflow"

// userColumns are the columns store.ScanUser reads, in order, for a user aliased u.
const userColumns = `u.id, u.name, u.password_hash, COALESCE(u.token_hash, ''), u.created_at, u.interests`

// userSQL is the SQLite text of the user statements.
var userSQL = sqlflow.UserSQL{
	Create: `INSERT INTO users (name, password_hash, token_hash, created_at, interests) VALUES (?, ?, ?, ?, ?)
		RETURNING id`,
	ByName:       `SELECT ` + userColumns + ` FROM users u WHERE u.name = ?`,
	ByToken:      `SELECT ` + userColumns + ` FROM users u WHERE u.token_hash = ?`,
	List:         `SELECT ` + userColumns + ` FROM users u ORDER BY u.name, u.id`,
	SetInterests: `UPDATE users SET interests = ? WHERE id = ?`,
	SetPassword:  `UPDATE users SET password_hash = ? WHERE id = ?`,
	SetToken:     `UPDATE users SET token_hash = ? WHERE id = ?`,
	Delete:       `DELETE FROM users WHERE id = ?`,
}
