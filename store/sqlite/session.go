package sqlite

import "vigil/store/sqlflow"

// sessionSQL is the SQLite text of the web session statements.
var sessionSQL = sqlflow.SessionSQL{
	Create: `INSERT INTO sessions (token_hash, user_id, expires) VALUES (?, ?, ?)`,
	User: `SELECT ` + userColumns + `
		 FROM sessions s JOIN users u ON u.id = s.user_id
		 WHERE s.token_hash = ? AND s.expires > ?`,
	Delete:       `DELETE FROM sessions WHERE token_hash = ?`,
	DeleteOfUser: `DELETE FROM sessions WHERE user_id = ?`,
}
