package postgres

// addNoticeSQL leaves the user $1 the notice text $3 at $2 unless the user
// has one with that text.
const addNoticeSQL = `INSERT INTO notices (user_id, at, text)
	SELECT $1::bigint, $2::bigint, $3::text
	WHERE NOT EXISTS (SELECT 1 FROM notices WHERE user_id = $1::bigint AND text = $3::text)`
