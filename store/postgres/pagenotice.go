package postgres

import "vigil/store/sqlflow"

// noticeSQL is the PostgreSQL text of the notice statements.
var noticeSQL = sqlflow.NoticeSQL{
	Add: `INSERT INTO notices (user_id, at, text)
		SELECT $1::bigint, $2::bigint, $3::text
		WHERE NOT EXISTS (SELECT 1 FROM notices WHERE user_id = $1::bigint AND text = $3::text)`,
	List: `SELECT id, user_id, at, text FROM notices WHERE user_id = $1 ORDER BY at DESC, id DESC`,
}
