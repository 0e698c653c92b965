package sqlite

// addNoticeSQL leaves the user ?1 the notice text ?3 at ?2 unless the user
// has one with that text.
const addNoticeSQL = `INSERT INTO notices (user_id, at, text)
	SELECT ?1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM notices WHERE user_id = ?1 AND text = ?3)`
