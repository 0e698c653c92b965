package postgres

import "vigil/store/sqlflow"

// sessionSQL is the PostgreSQL text of the web session statements.
var sessionSQL = sqlflow.SessionSQL{
	Create: `INSERT INTO sessions (token_hash, user_id, expires) VALUES ($1, $2, $3)`,
	User: `SELECT ` + userColumns + `
		 FROM sessions s JOIN users u ON u.id = s.user_id
		 WHERE s.token_hash = $1 AND s.expires > $2`,
	Delete:       `DELETE FROM sessions WHERE token_hash = $1`,
	DeleteOfUser: `DELETE FROM sessions WHERE user_id = $1`,
}
