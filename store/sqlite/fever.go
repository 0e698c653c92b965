package sqlite

import "vigil/store/sqlflow"

// feverSQL is the SQLite text of the Fever API key statements.
var feverSQL = sqlflow.FeverSQL{
	SetKey:    `UPDATE users SET fever_key_hash = ? WHERE id = ?`,
	UserByKey: `SELECT ` + userColumns + ` FROM users u WHERE u.fever_key_hash = ?`,
}
