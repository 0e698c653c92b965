package sqlite

import "vigil/store/sqlflow"

// noticeSQL is the SQLite text of the notice statements.
var noticeSQL = sqlflow.NoticeSQL{
	Add: `INSERT INTO notices (user_id, at, text)
		SELECT ?1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM notices WHERE user_id = ?1 AND text = ?3)`,
	List: `SELECT id, user_id, at, text FROM notices WHERE user_id = ? ORDER BY at DESC, id DESC`,
}
