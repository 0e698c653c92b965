package postgres

import "vigil/store/sqlflow"

// feverSQL is the PostgreSQL text of the Fever API key statements.
var feverSQL = sqlflow.FeverSQL{
	SetKey:    `UPDATE users SET fever_key_hash = $1 WHERE id = $2`,
	UserByKey: `SELECT ` + userColumns + ` FROM users u WHERE u.fever_key_hash = $1`,
}
