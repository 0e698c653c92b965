package sqlite

import "vigil/store/sqlflow"

// pageSQL is the SQLite text of the statements about watched pages. A
// transaction holds the only writing connection, so reading a feed's item
// count needs no lock to stay true until it commits.
var pageSQL = sqlflow.PageSQL{
	IsPage: `SELECT 1 FROM pages WHERE feed_id = ?`,
	Create: `INSERT INTO pages (feed_id) VALUES (?)`,
	Read: `SELECT p.kinds, p.selector, p.ignore, p.noise, p.content_type, p.note, p.returns,
		(SELECT user_id FROM subscriptions s WHERE s.feed_id = p.feed_id ORDER BY s.created_at, s.user_id LIMIT 1),
		(SELECT count(*) FROM page_versions v WHERE v.feed_id = p.feed_id),
		(SELECT coalesce(sum(length(b.data)), 0) FROM page_blobs b
			WHERE b.hash IN (SELECT hash FROM page_versions v WHERE v.feed_id = p.feed_id)),
		p.reading, p.noise_forgotten
		FROM pages p WHERE p.feed_id = ?`,
	SetKinds:          `UPDATE pages SET kinds = ? WHERE feed_id = ?`,
	SetSelector:       `UPDATE pages SET selector = ? WHERE feed_id = ?`,
	SetIgnore:         `UPDATE pages SET ignore = ? WHERE feed_id = ?`,
	SetReturns:        `UPDATE pages SET returns = ? WHERE feed_id = ?`,
	SetReading:        `UPDATE pages SET reading = ? WHERE feed_id = ?`,
	SetNoiseForgotten: `UPDATE pages SET noise_forgotten = ? WHERE feed_id = ?`,
	SetNote:           `UPDATE pages SET content_type = ?, note = ? WHERE feed_id = ?`,
	ItemCount:         `SELECT item_count FROM feeds WHERE id = ?`,
	Make:              `INSERT INTO pages (feed_id) VALUES (?) ON CONFLICT DO NOTHING`,
}
